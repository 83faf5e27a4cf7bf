import { Checkbox, Divider, Group, Radio, Select, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DIGITAL_ITEM_CATEGORIES, type DigitalItem } from '@sente/contracts/links';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { MoneyInput, MoneyTextInput, moneyField } from '../../../../components/money-input.tsx';
import { LinkFormFrame, LinkTitleFields } from '../../kit/link-form.tsx';
import { VISIBILITY_LABELS } from '../../kit/link-visibility.ts';
import { useLinkFormSave } from '../../kit/use-link-form-save.ts';
import { useCreateDigitalItem } from '../api/create-digital-item.ts';
import { useUpdateDigitalItem } from '../api/update-digital-item.ts';
import { type Category, type ItemFormValues, inputOf, validateItem, valuesOf } from './item-form-values.ts';
import { ItemUploads } from './item-uploads.tsx';

const CATEGORY_OPTIONS = [...DIGITAL_ITEM_CATEGORIES];
/** The two notes grow with their text, from two rows to six. */
const NOTE_ROWS = { autosize: true, minRows: 2, maxRows: 6 } as const;

function Section({ title }: { title: string }) {
  return (
    <Divider
      labelPosition="left"
      label={
        <Title order={2} size="h5" c="dark.6">
          {title}
        </Title>
      }
    />
  );
}

/**
 * Digital item form: create when nothing was loaded, update otherwise. The item rules (required fields, file types and
 * sizes) run here before anything is sent, and the server's messages land beside their fields.
 */
export function DigitalItemForm({ item }: { item: DigitalItem | null }) {
  const form = useForm<ItemFormValues>({
    initialValues: valuesOf(item),
    validate: (values) => validateItem(values, item === null),
  });
  const { values } = form;
  const mutations = { create: useCreateDigitalItem(), update: useUpdateDigitalItem() };
  const save = useLinkFormSave(form, inputOf, { ...mutations, existingId: item?.id ?? null, listPath: '/sente-digital-items' });

  return (
    <LinkFormFrame
      form={form}
      save={save}
      errorsTitle="Please check the product"
      saveLabel={item ? 'Update Product' : 'Create Product'}
    >
      <Section title="Product" />
      <LinkTitleFields
        form={form}
        titlePlaceholder="e.g. Rolex recipes e-book"
        about="Tell buyers what they get."
        limits={{ title: TEXT_LIMITS.productTitle, description: TEXT_LIMITS.productDescription }}
      />
      <Radio.Group label="Product type" {...form.getInputProps('type')}>
        <Group gap="xl" mt="xs" align="flex-start">
          <Radio value="public" label={VISIBILITY_LABELS.public} description="May be advertised on the landing page." />
          <Radio value="private" label={VISIBILITY_LABELS.private} description="Only people you send the link to." />
        </Group>
      </Radio.Group>
      <Select
        label="Category"
        data={CATEGORY_OPTIONS}
        allowDeselect={false}
        maw={420}
        value={values.category}
        onChange={(category) => category && form.setFieldValue('category', category as Category)}
        error={form.errors.category}
      />

      <Section title="Price" />
      <MoneyTextInput
        inputMode="numeric"
        label="Sale price"
        description="In UGX. Enter 0 to give the product away for free."
        placeholder="e.g. 25,000"
        maw={320}
        value={values.price}
        onChange={(price) => form.setFieldValue('price', price)}
        onBlur={() => {
          if (values.price !== '') form.validateField('price');
        }}
        error={form.errors.price}
      />
      <Checkbox label="Show striked out original price" {...form.getInputProps('show_original_price', { type: 'checkbox' })} />
      {values.show_original_price && (
        <MoneyInput
          label="Original price"
          description="Shown struck through beside the sale price."
          placeholder="e.g. 40,000"
          maw={320}
          {...moneyField(form, 'original_price')}
        />
      )}

      <Section title="Files" />
      <ItemUploads form={form} stored={item} />

      <Section title="Notes and checkout" />
      <Textarea
        label="Seller note"
        description="Optional. For you and your team; buyers never see it."
        {...NOTE_ROWS}
        maxLength={TEXT_LIMITS.sellerNote.max}
        {...form.getInputProps('seller_note')}
      />
      <Textarea
        label="Buyer note"
        description="Optional. Shown to the buyer after payment, with the download: how to open the file, a licence key, a thank-you."
        {...NOTE_ROWS}
        maxLength={TEXT_LIMITS.buyerNote.max}
        {...form.getInputProps('buyer_note')}
      />
    </LinkFormFrame>
  );
}
