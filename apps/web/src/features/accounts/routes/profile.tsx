import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { internationalPhone, type User, updateProfileInput } from '@sente/contracts/accounts';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { FocusEvent } from 'react';
import { useProfile } from '../../../lib/profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Spec §2 Profile (Personal Information). */
export function ProfileRoute() {
  const { data: user } = useProfile();
  // NOTE: the AuthGuard renders nothing below it until the profile has loaded.
  if (!user) return null;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        Profile
      </Title>
      <PersonalInformation user={user} />
    </Stack>
  );
}

function PersonalInformation({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: formValues(user),
    validate: zod4Resolver(updateProfileInput),
  });
  // The phone is shown as it is saved (+256...): once typed, and again from the server's answer after saving.
  const phoneField = form.getInputProps('phone');
  const showPhoneAsSaved = (event: FocusEvent<HTMLInputElement>) => {
    const phone = internationalPhone(event.currentTarget.value);
    if (phone) form.setFieldValue('phone', phone);
    phoneField.onBlur?.(event);
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="personal-information">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          updateProfile.mutate(values, {
            onSuccess: (response) => {
              form.setValues(formValues(response.data));
              form.resetDirty(formValues(response.data));
            },
          }),
        )}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="personal-information">
            Personal Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              maxLength={TEXT_LIMITS.firstName.max}
              key={form.key('firstname')}
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              maxLength={TEXT_LIMITS.lastName.max}
              key={form.key('lastname')}
              {...form.getInputProps('lastname')}
            />
            <TextInput label="Email" value={user.email} readOnly variant="filled" />
            <TextInput
              label="Phone"
              type="tel"
              placeholder="+256"
              autoComplete="tel"
              key={form.key('phone')}
              {...phoneField}
              onBlur={showPhoneAsSaved}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={updateProfile.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const formValues = (user: User) => ({ firstname: user.firstname, lastname: user.lastname, phone: user.phone ?? '' });
