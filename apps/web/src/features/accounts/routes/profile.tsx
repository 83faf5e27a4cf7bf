import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { internationalPhone, type User, updateProfileInput } from '@sente/contracts/accounts';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { FocusEvent } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useNotifications } from '../api/notifications.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { NotificationsForm } from '../components/notifications-form.tsx';
import { PhoneVerification } from '../components/phone-verification.tsx';

/** Profile (Personal Information). */
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
      {user.current_account && <Notifications accountName={user.current_account.account_name} />}
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
            <Stack gap={6} align="flex-start">
              <TextInput
                label="Phone"
                type="tel"
                placeholder="+256"
                autoComplete="tel"
                w="100%"
                key={form.key('phone')}
                {...phoneField}
                onBlur={showPhoneAsSaved}
              />
              <PhoneVerification phone={user.phone} verified={user.phone_verified} />
            </Stack>
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

/** What the member hears of the current account, by e-mail and SMS. */
function Notifications({ accountName }: { accountName: string }) {
  const notifications = useNotifications();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="notifications">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="notifications">
            Notifications
          </Title>
          <Text size="sm" c="gray.7">
            What you hear of {accountName}, and how.
          </Text>
        </div>
        {notifications.isPending ? (
          <PageLoader />
        ) : notifications.error ? (
          <ErrorState error={notifications.error} onRetry={notifications.refetch} />
        ) : (
          <NotificationsForm
            key={notifications.data.sms_phone ?? ''}
            settings={notifications.data}
            smsPhone={notifications.data.sms_phone}
          />
        )}
      </Stack>
    </Card>
  );
}

const formValues = (user: User) => ({ firstname: user.firstname, lastname: user.lastname, phone: user.phone ?? '' });
