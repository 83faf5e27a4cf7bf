import { Alert, Button, Checkbox, Divider, Group, Paper, Radio, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { DIGITAL_ITEM_CATEGORIES, type DigitalItem } from '@sente/contracts/links';
import { ExtraInputsList } from '../../../components/extra-inputs-list.tsx';
import { ExtraInputsModal } from '../../../components/extra-inputs-modal.tsx';
import { MoneyInput, MoneyTextInput } from '../../../components/money-input.tsx';
import { useSaveLink } from '../../../lib/use-save-link.ts';
import { useCreateDigitalItem } from '../api/create-digital-item.ts';
import { useUpdateDigitalItem } from '../api/update-digital-item.ts';
import { type Category, type ItemFormValues, inputOf, validateItem, valuesOf } from './item-form-values.ts';
import { VISIBILITY_LABELS } from './item-labels.tsx';
import { ItemUploads } from './item-uploads.tsx';

const CATEGORY_OPTIONS = [...DIGITAL_ITEM_CATEGORIES];

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
 * Spec §2 digital item form: create when nothing was loaded, update otherwise (spec §4). The spec's
 * §5 rules run here before anything is sent, and the server's messages land beside their fields.
 */
export function DigitalItemForm({ item }: { item: DigitalItem | null }) {
  const [extraOpened, extraModal] = useDisclosure(false);
  const form = useForm<ItemFormValues>({
    initialValues: valuesOf(item),
    validate: (values) => validateItem(values, item === null),
  });
  const { values } = form;
  const { save, otherErrors, saving } = useSaveLink({
    existingId: item?.id ?? null,
    create: useCreateDigitalItem(),
    update: useUpdateDigitalItem(),
    listPath: '/sente-digital-items',
    formFields: Object.keys(form.values) as (keyof ItemFormValues)[],
    setFieldErrors: form.setErrors,
  });

  const submit = form.onSubmit((submitted) => save(inputOf(submitted)));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title="Product" />
          <TextInput label="Title" placeholder="e.g. Rolex recipes e-book" maxLength={150} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            description="Tell buyers what they get."
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
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
          <Checkbox
            label="Show striked out original price"
            {...form.getInputProps('show_original_price', { type: 'checkbox' })}
          />
          {values.show_original_price && (
            <MoneyInput
              label="Original price"
              description="Shown struck through beside the sale price."
              placeholder="e.g. 40,000"
              maw={320}
              value={values.original_price}
              onChange={(amount) => form.setFieldValue('original_price', amount)}
              onProblem={(problem) => form.setFieldError('original_price', problem)}
              error={form.errors.original_price}
            />
          )}

          <Section title="Files" />
          <ItemUploads form={form} stored={item} />

          <Section title="Notes and checkout" />
          <Textarea
            label="Seller note"
            description="Optional. For you and your team; buyers never see it."
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('seller_note')}
          />
          <Textarea
            label="Buyer note"
            description="Optional. Shown to the buyer after payment, with the download: how to open the file, a licence key, a thank-you."
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('buyer_note')}
          />
          <ExtraInputsList
            fields={values.extra_fields}
            onRemove={(index) => form.removeListItem('extra_fields', index)}
            error={form.errors.extra_fields ? String(form.errors.extra_fields) : undefined}
          />
          <Group>
            <Button variant="light" onClick={extraModal.open}>
              + Extra Inputs
            </Button>
          </Group>
          {otherErrors.length > 0 && (
            <Alert color="red" variant="light" title="Please check the product" role="alert">
              <Stack gap={2} component="ul" m={0} pl="md">
                {otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={saving} w={{ base: '100%', sm: 'auto' }}>
              {item ? 'Update Product' : 'Create Product'}
            </Button>
          </Group>
        </Stack>
      </form>
      <ExtraInputsModal
        opened={extraOpened}
        onClose={extraModal.close}
        onAdd={(field) => form.insertListItem('extra_fields', field)}
      />
    </Paper>
  );
}
