import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import type { ExtraField } from '@sente/contracts/links';
import { TEXT_LIMITS, type TextLimit } from '@sente/contracts/text-limits';
import { IconPhoto } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { CompanyLogoModal } from '../../../components/company-logo-modal.tsx';
import { ExtraInputsList } from './extra-inputs-list.tsx';
import { ExtraInputsModal } from './extra-inputs-modal.tsx';

/** What the kit needs of a link form's `useForm`: every link has a title, a description and extra inputs. */
export type LinkFormBase = {
  values: { extra_fields: ExtraField[] };
  errors: FormErrors;
  getInputProps: (path: 'title' | 'description') => GetInputPropsReturnType;
  insertListItem: (path: 'extra_fields', item: ExtraField) => void;
  removeListItem: (path: 'extra_fields', index: number) => void;
};

type TitleProps = {
  form: LinkFormBase;
  titlePlaceholder: string;
  /** The hint under Description: what the payer is told there. */
  about: string;
  /** The most characters each takes, as the server's schema: a link's by default, a product's description takes more. */
  limits?: { title: TextLimit; description: TextLimit };
};

const LINK_LIMITS = { title: TEXT_LIMITS.linkTitle, description: TEXT_LIMITS.linkDescription };

/** The title and description every link opens with. */
export function LinkTitleFields({ form, titlePlaceholder, about, limits = LINK_LIMITS }: TitleProps) {
  return (
    <>
      <TextInput label="Title" placeholder={titlePlaceholder} maxLength={limits.title.max} {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        description={about}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={limits.description.max}
        {...form.getInputProps('description')}
      />
    </>
  );
}

type FrameProps = {
  form: LinkFormBase;
  /** From `useLinkFormSave`: the submit handler, the refusals no field shows, whether a save is under way. */
  save: { onSubmit: (event?: FormEvent<HTMLFormElement>) => void; otherErrors: string[]; saving: boolean };
  /** The heading of the refusals no field shows ('Please check the link'). */
  errorsTitle: string;
  saveLabel: string;
  /** The feature's own fields, above the extra inputs. */
  children: ReactNode;
  /** Fields shown below the extra inputs (a payment link's attachments). */
  afterExtraInputs?: ReactNode;
  /** Offers 'Update Logo' (to the roles that may change the company logo; digital items never do). */
  canUpdateLogo?: boolean;
  /** Buttons after '+ Extra Inputs' and 'Update Logo' that open the feature's own dialogs. */
  buttons?: ReactNode;
  /** The feature's own dialogs. */
  modals?: ReactNode;
};

/**
 * The frame of every link and item form: the feature's fields, then the extra inputs with their button and
 * dialog, the refusals no field shows, and the save button.
 */
export function LinkFormFrame(props: FrameProps) {
  const { form, save, errorsTitle, saveLabel, children, afterExtraInputs, canUpdateLogo = false, buttons, modals } = props;
  const [extraOpened, extraModal] = useDisclosure(false);
  const [logoOpened, logoModal] = useDisclosure(false);
  const extraError = form.errors.extra_fields;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={save.onSubmit} noValidate>
        <Stack gap="lg">
          {children}
          <ExtraInputsList
            fields={form.values.extra_fields}
            onRemove={(index) => form.removeListItem('extra_fields', index)}
            error={extraError ? String(extraError) : undefined}
          />
          {afterExtraInputs}
          <Group gap="sm">
            <Button variant="light" onClick={extraModal.open}>
              + Extra Inputs
            </Button>
            {canUpdateLogo && (
              <Button variant="light" leftSection={<IconPhoto size={16} aria-hidden />} onClick={logoModal.open}>
                Update Logo
              </Button>
            )}
            {buttons}
          </Group>
          {save.otherErrors.length > 0 && (
            <Alert color="red" variant="light" title={errorsTitle} role="alert">
              <Stack gap={2} component="ul" m={0} pl="md">
                {save.otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={save.saving} w={{ base: '100%', sm: 'auto' }}>
              {saveLabel}
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
      {modals}
    </Paper>
  );
}
