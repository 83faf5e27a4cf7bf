import { ActionIcon, Button, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import type { LinkAttachment } from '@sente/contracts/attachments';
import type { ExtraField, PaymentLinkDetails, PaymentLinkInput } from '@sente/contracts/links';
import { IconRoute, IconTrash } from '@tabler/icons-react';
import { MoneyInput, moneyField } from '../../../../components/money-input.tsx';
import { moneyInputError } from '../../../../components/money-input-check.ts';
import { LinkFormFrame, LinkTitleFields } from '../../kit/link-form.tsx';
import { useLinkFormSave } from '../../kit/use-link-form-save.ts';
import { useCreatePaymentLink } from '../api/create-payment-link.ts';
import { useUpdatePaymentLink } from '../api/update-payment-link.ts';
import { AttachmentsField } from './attachments-field.tsx';
import { LINK_TYPE_LABELS, type LinkType } from './link-type-label.ts';
import { RedirectionModal } from './redirection-modal.tsx';

type Values = {
  title: string;
  description: string;
  link_type: LinkType;
  amount: number;
  extra_fields: ExtraField[];
  redirect_url: string;
  attachments: LinkAttachment[];
};

const valuesOf = (link: PaymentLinkDetails | null): Values => ({
  title: link?.title ?? '',
  description: link?.description ?? '',
  link_type: link && !link.fixed_amount ? 'dynamic' : 'fixed',
  amount: link?.fixed_amount ? link.amount : 0,
  extra_fields: link?.extra_fields ?? [],
  redirect_url: link?.redirect_url ?? '',
  attachments: link?.attachments ?? [],
});

const inputOf = (values: Values): PaymentLinkInput => {
  const fixed = values.link_type === 'fixed';
  return {
    title: values.title,
    description: values.description || null,
    fixed_amount: fixed,
    amount: fixed ? values.amount : 0,
    extra_fields: values.extra_fields,
    redirect_url: values.redirect_url || null,
    attachments: values.attachments.map((attachment) => attachment.path),
  };
};

/**
 * Payment link form: create when nothing was loaded, update otherwise. There are
 * no client-side required checks: the server answers, and its messages land beside their fields.
 * A price that is no number or is negative is not a missing field: it is said under the price when the field is
 * left and on save, before anything is sent, so '12-3' never goes out as UGX 12.
 */
export function PaymentLinkForm({ link, canUpdateLogo }: { link: PaymentLinkDetails | null; canUpdateLogo: boolean }) {
  const [redirectOpened, redirectModal] = useDisclosure(false);
  const form = useForm<Values>({
    initialValues: valuesOf(link),
    validate: { amount: (amount, { link_type }) => (link_type === 'fixed' ? moneyInputError(amount) : null) },
  });
  const { values } = form;
  const mutations = { create: useCreatePaymentLink(), update: useUpdatePaymentLink() };
  const save = useLinkFormSave(form, inputOf, { ...mutations, existingId: link?.id ?? null, listPath: '/payment-links' });

  return (
    <LinkFormFrame
      form={form}
      save={save}
      errorsTitle="Please check the link"
      saveLabel="Save Payment Link"
      afterExtraInputs={
        <AttachmentsField
          value={values.attachments}
          onChange={(attachments) => form.setFieldValue('attachments', attachments)}
          error={form.errors.attachments ? String(form.errors.attachments) : undefined}
        />
      }
      canUpdateLogo={canUpdateLogo}
      buttons={
        <Button variant="light" leftSection={<IconRoute size={16} aria-hidden />} onClick={redirectModal.open}>
          Redirection
        </Button>
      }
      modals={
        <RedirectionModal
          opened={redirectOpened}
          initialUrl={values.redirect_url}
          onClose={redirectModal.close}
          onAdd={(url) => form.setFieldValue('redirect_url', url)}
        />
      }
    >
      <LinkTitleFields
        form={form}
        titlePlaceholder="e.g. School fees, Term 1"
        about="Optional. Tell customers what they are paying for."
      />
      <Radio.Group label="Link type" {...form.getInputProps('link_type')}>
        <Stack gap="sm" mt="xs">
          <Radio value="fixed" label={LINK_TYPE_LABELS.fixed} description="Customers pay the price you set." />
          <Radio value="dynamic" label={LINK_TYPE_LABELS.dynamic} description="Customers enter the amount they want to pay." />
        </Stack>
      </Radio.Group>
      {values.link_type === 'fixed' && <MoneyInput label="Price" placeholder="0" maw={320} {...moneyField(form, 'amount')} />}
      {values.redirect_url && (
        <TextInput
          label="Redirect URL"
          description="Customers go here after they pay."
          value={values.redirect_url}
          readOnly
          variant="filled"
          error={form.errors.redirect_url}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove redirect URL"
              title="Remove redirect URL"
              onClick={() => form.setFieldValue('redirect_url', '')}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          }
        />
      )}
    </LinkFormFrame>
  );
}
