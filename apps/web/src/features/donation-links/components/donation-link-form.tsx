import { Alert, Button, Group, Paper, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import type { DonationLink, DonationLinkInput, ExtraField, LinkVisibility } from '@sente/contracts/links';
import { IconPhoto } from '@tabler/icons-react';
import { CompanyLogoModal } from '../../../components/company-logo-modal.tsx';
import { ExtraInputsList } from '../../../components/extra-inputs-list.tsx';
import { ExtraInputsModal } from '../../../components/extra-inputs-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { moneyInputError } from '../../../components/money-input-check.ts';
import { useSaveLink } from '../../../lib/use-save-link.ts';
import { useCreateDonationLink } from '../api/create-donation-link.ts';
import { useUpdateDonationLink } from '../api/update-donation-link.ts';
import { DonationImageField } from './donation-image-field.tsx';
import { DONATION_LINK_TYPE_LABELS } from './donation-link-labels.ts';

type Values = {
  title: string;
  description: string;
  beneficiary: string;
  type: LinkVisibility;
  target: number;
  image: string | null;
  extra_fields: ExtraField[];
};

const valuesOf = (link: DonationLink | null): Values => ({
  title: link?.title ?? '',
  description: link?.description ?? '',
  beneficiary: link?.beneficiary ?? '',
  type: link?.type ?? 'public',
  target: link?.target ?? 0,
  image: link?.image ?? null,
  extra_fields: link?.extra_fields ?? [],
});

const inputOf = (values: Values): DonationLinkInput => ({
  title: values.title,
  description: values.description || null,
  beneficiary: values.beneficiary || null,
  type: values.type,
  target: values.target,
  image: values.image,
  extra_fields: values.extra_fields,
});

/**
 * Spec §2 donation link form: create when nothing was loaded, update otherwise (spec §4). There are
 * no client-side required checks (spec §5): the server answers, and its messages land beside their fields.
 * A target that is no number or is negative is said under the field when it is left and on save.
 */
export function DonationLinkForm({ link, canUpdateLogo }: { link: DonationLink | null; canUpdateLogo: boolean }) {
  const [extraOpened, extraModal] = useDisclosure(false);
  const [logoOpened, logoModal] = useDisclosure(false);
  const form = useForm<Values>({ initialValues: valuesOf(link), validate: { target: moneyInputError } });
  const { values } = form;
  const { save, otherErrors, saving } = useSaveLink({
    existingId: link?.id ?? null,
    create: useCreateDonationLink(),
    update: useUpdateDonationLink(),
    listPath: '/donation-links',
    formFields: Object.keys(form.values) as (keyof Values)[],
    setFieldErrors: form.setErrors,
  });

  const submit = form.onSubmit((submitted) => save(inputOf(submitted)));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput label="Title" placeholder="e.g. New classroom block" {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            description="Optional. Tell donors what the money is for and why it matters."
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <TextInput
            label="Beneficiary"
            description="Optional. Who receives the donations: a school, a patient, a community group."
            placeholder="e.g. St. Kizito Primary School"
            {...form.getInputProps('beneficiary')}
          />
          <Radio.Group label="Link type" {...form.getInputProps('type')}>
            <Stack gap="sm" mt="xs">
              <Radio
                value="public"
                label={DONATION_LINK_TYPE_LABELS.public}
                description="Advertised on the landing page, so anyone can find it and give."
              />
              <Radio
                value="private"
                label={DONATION_LINK_TYPE_LABELS.private}
                description="Only people you share the link with can open it."
              />
            </Stack>
          </Radio.Group>
          <MoneyInput
            label="Target amount"
            description="Optional. Donors see the progress towards it."
            placeholder="0"
            maw={320}
            value={values.target}
            onChange={(target) => form.setFieldValue('target', target)}
            onProblem={(problem) => form.setFieldError('target', problem)}
            error={form.errors.target}
          />
          <DonationImageField
            value={values.image}
            onChange={(image) => form.setFieldValue('image', image)}
            error={form.errors.image ? String(form.errors.image) : undefined}
          />
          <ExtraInputsList
            fields={values.extra_fields}
            onRemove={(index) => form.removeListItem('extra_fields', index)}
            error={form.errors.extra_fields ? String(form.errors.extra_fields) : undefined}
          />
          <Group gap="sm">
            <Button variant="light" onClick={extraModal.open}>
              + Extra Inputs
            </Button>
            {canUpdateLogo && (
              <Button variant="light" leftSection={<IconPhoto size={16} aria-hidden />} onClick={logoModal.open}>
                Update Logo
              </Button>
            )}
          </Group>
          {otherErrors.length > 0 && (
            <Alert color="red" variant="light" title="Please check the donation link" role="alert">
              <Stack gap={2} component="ul" m={0} pl="md">
                {otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={saving} w={{ base: '100%', sm: 'auto' }}>
              Save Donation Link
            </Button>
          </Group>
        </Stack>
      </form>
      <ExtraInputsModal
        opened={extraOpened}
        onClose={extraModal.close}
        onAdd={(field) => form.insertListItem('extra_fields', field)}
      />
      {canUpdateLogo && <CompanyLogoModal opened={logoOpened} onClose={logoModal.close} />}
    </Paper>
  );
}
