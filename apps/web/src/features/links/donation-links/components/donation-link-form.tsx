import { Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DonationLink, DonationLinkInput, ExtraField, LinkVisibility } from '@sente/contracts/links';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { MoneyInput, moneyField } from '../../../../components/money-input.tsx';
import { moneyInputError } from '../../../../components/money-input-check.ts';
import { LinkFormFrame, LinkTitleFields } from '../../kit/link-form.tsx';
import { VISIBILITY_LABELS } from '../../kit/link-visibility.ts';
import { useLinkFormSave } from '../../kit/use-link-form-save.ts';
import { useCreateDonationLink } from '../api/create-donation-link.ts';
import { useUpdateDonationLink } from '../api/update-donation-link.ts';
import { DonationImageField } from './donation-image-field.tsx';

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
 * Donation link form: create when nothing was loaded, update otherwise. There are
 * no client-side required checks: the server answers, and its messages land beside their fields.
 * A target that is no number or is negative is said under the field when it is left and on save.
 */
export function DonationLinkForm({ link, canUpdateLogo }: { link: DonationLink | null; canUpdateLogo: boolean }) {
  const form = useForm<Values>({ initialValues: valuesOf(link), validate: { target: moneyInputError } });
  const { values } = form;
  const mutations = { create: useCreateDonationLink(), update: useUpdateDonationLink() };
  const save = useLinkFormSave(form, inputOf, { ...mutations, existingId: link?.id ?? null, listPath: '/donation-links' });

  return (
    <LinkFormFrame
      form={form}
      save={save}
      errorsTitle="Please check the donation link"
      saveLabel="Save Donation Link"
      canUpdateLogo={canUpdateLogo}
    >
      <LinkTitleFields
        form={form}
        titlePlaceholder="e.g. New classroom block"
        about="Optional. Tell donors what the money is for and why it matters."
      />
      <TextInput
        label="Beneficiary"
        description="Optional. Who receives the donations: a school, a patient, a community group."
        placeholder="e.g. St. Kizito Primary School"
        maxLength={TEXT_LIMITS.beneficiary.max}
        {...form.getInputProps('beneficiary')}
      />
      <Radio.Group label="Link type" {...form.getInputProps('type')}>
        <Stack gap="sm" mt="xs">
          <Radio
            value="public"
            label={VISIBILITY_LABELS.public}
            description="Advertised on the landing page, so anyone can find it and give."
          />
          <Radio
            value="private"
            label={VISIBILITY_LABELS.private}
            description="Only people you share the link with can open it."
          />
        </Stack>
      </Radio.Group>
      <MoneyInput
        label="Target amount"
        description="Optional. Donors see the progress towards it."
        placeholder="0"
        maw={320}
        {...moneyField(form, 'target')}
      />
      <DonationImageField
        value={values.image}
        onChange={(image) => form.setFieldValue('image', image)}
        error={form.errors.image ? String(form.errors.image) : undefined}
      />
    </LinkFormFrame>
  );
}
