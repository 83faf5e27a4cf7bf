import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BUSINESS_INDUSTRIES, type BusinessDetails, businessDetailsInput } from '@sente/contracts/accounts';
import { kampalaDay } from '@sente/contracts/dates';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { DayField } from '../../../components/day-field.tsx';
import { FileUpload } from '../../../components/file-upload.tsx';
import { useFileLink } from '../api/file-link.ts';
import { useUpdateBusinessDetails } from '../api/update-business-details.ts';
import classes from './business-details-form.module.css';

/** Compliance uploads: PNG, JPG or PDF (the server checks the bytes). */
export const CERTIFICATE_ACCEPT = 'image/png,image/jpeg,application/pdf';

const EMPTY = {
  business_name: '',
  business_industry: '',
  business_email: '',
  business_phone: '',
  reg_date: '',
  country: 'Uganda',
  city: '',
  address_1: '',
  address_2: '',
  certificate_url: null as string | null,
  momo_merchant_code: '',
  airtel_merchant_code: '',
};

/** Before the details are first saved, the business name starts as the name given to the account when it was created. */
const valuesOf = (details: BusinessDetails | null, accountName: string) =>
  details
    ? {
        ...EMPTY,
        ...details,
        address_2: details.address_2 ?? '',
        momo_merchant_code: details.momo_merchant_code ?? '',
        airtel_merchant_code: details.airtel_merchant_code ?? '',
      }
    : { ...EMPTY, business_name: accountName };

type Props = { details: BusinessDetails | null; accountName: string; readOnly: boolean };

/** Business Details tab; `readOnly` shows the details without a way to save them. */
export function BusinessDetailsForm({ details, accountName, readOnly }: Props) {
  const save = useUpdateBusinessDetails();
  const form = useForm({ initialValues: valuesOf(details, accountName), validate: zod4Resolver(businessDetailsInput) });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values, { onSuccess: () => form.resetDirty() }))}>
      <fieldset disabled={readOnly} className={classes.fieldset}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Business name"
              autoComplete="organization"
              maxLength={TEXT_LIMITS.businessName.max}
              key={form.key('business_name')}
              {...form.getInputProps('business_name')}
            />
            <Select
              label="Industry"
              placeholder="Choose an industry"
              data={BUSINESS_INDUSTRIES}
              searchable
              allowDeselect={false}
              key={form.key('business_industry')}
              {...form.getInputProps('business_industry')}
            />
            <TextInput
              label="Business email"
              type="email"
              autoComplete="email"
              key={form.key('business_email')}
              {...form.getInputProps('business_email')}
            />
            <TextInput
              label="Business phone"
              type="tel"
              placeholder="+256"
              autoComplete="tel"
              key={form.key('business_phone')}
              {...form.getInputProps('business_phone')}
            />
            {/* The app's one date field: the month by name, so 03/04 is never read the wrong way round; no day to come. */}
            <DayField
              label="Registration date"
              value={form.values.reg_date}
              onChange={(day) => form.setFieldValue('reg_date', day)}
              maxDate={kampalaDay(new Date())}
              error={form.errors.reg_date as string | undefined}
            />
            <TextInput label="Country" readOnly variant="filled" key={form.key('country')} {...form.getInputProps('country')} />
            <TextInput
              label="City"
              autoComplete="address-level2"
              maxLength={TEXT_LIMITS.city.max}
              key={form.key('city')}
              {...form.getInputProps('city')}
            />
            <TextInput
              label="Address 1"
              autoComplete="address-line1"
              maxLength={TEXT_LIMITS.address1.max}
              key={form.key('address_1')}
              {...form.getInputProps('address_1')}
            />
            <TextInput
              label="Address 2"
              autoComplete="address-line2"
              maxLength={TEXT_LIMITS.address2.max}
              key={form.key('address_2')}
              {...form.getInputProps('address_2')}
            />
            <TextInput
              label="MoMo Pay merchant code"
              description="Optional: printed on your link posters, for payers who dial *165*3#"
              inputMode="numeric"
              maxLength={10}
              key={form.key('momo_merchant_code')}
              {...form.getInputProps('momo_merchant_code')}
            />
            <TextInput
              label="Airtel Money merchant code"
              description="Optional: printed on your link posters, for payers who dial *185#"
              inputMode="numeric"
              maxLength={10}
              key={form.key('airtel_merchant_code')}
              {...form.getInputProps('airtel_merchant_code')}
            />
          </SimpleGrid>
          <CertificateField
            value={form.values.certificate_url}
            saved={details?.certificate_url ?? null}
            onChange={(path) => form.setFieldValue('certificate_url', path)}
            error={form.errors.certificate_url as string | undefined}
            readOnly={readOnly}
          />
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save Details
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

type CertificateProps = {
  value: string | null;
  /** The certificate the account has saved, which the profile carries once a save has gone through. */
  saved: string | null;
  onChange: (path: string | null) => void;
  error?: string;
  readOnly: boolean;
};

/** The saved certificate as a link with '(change)', else an upload to the certificates folder. */
function CertificateField({ value, saved, onChange, error, readOnly }: CertificateProps) {
  // The saved certificate shows as a link until '(change)'; a new upload shows in the upload field until it is saved.
  const isSaved = value !== null && value === saved;
  const link = useFileLink(isSaved ? value : null);
  if (isSaved) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Certificate of incorporation
        </Text>
        <Group gap="xs">
          {link.data ? (
            <Anchor href={link.data.url} target="_blank" rel="noopener noreferrer" size="sm">
              View certificate
            </Anchor>
          ) : (
            <Text size="sm" c="gray.7">
              View certificate
            </Text>
          )}
          {!readOnly && (
            <Anchor component="button" type="button" size="sm" onClick={() => onChange(null)}>
              (change)
            </Anchor>
          )}
        </Group>
      </Stack>
    );
  }
  if (readOnly) return null;
  return (
    <FileUpload
      label="Certificate of incorporation"
      folder="certificates"
      accept={CERTIFICATE_ACCEPT}
      description="PNG, JPG, PDF up to 10MB"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
