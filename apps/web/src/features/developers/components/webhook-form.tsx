import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Environment } from '@sente/contracts/constants';
import {
  DEVELOPER_MESSAGES as M,
  WEBHOOK_LABELS,
  type WebhookField,
  type WebhookUrls,
  webhookFieldOfMessage,
  webhookUrlsInput,
} from '@sente/contracts/developers';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveWebhookUrls } from '../api/webhook-urls.ts';

type Values = Record<WebhookField, string>;
const FIELDS = Object.keys(WEBHOOK_LABELS) as WebhookField[];

/** The form's rules: those of the contract, and https for every URL while the account is in live mode. */
function validate(environment: Environment) {
  const contract = zod4Resolver(webhookUrlsInput);
  return (values: Values) => {
    const errors = contract(values);
    if (environment !== 'production') return errors;
    for (const field of FIELDS) {
      if (!errors[field] && /^http:\/\//i.test(values[field].trim())) errors[field] = M.httpsRequired(WEBHOOK_LABELS[field]);
    }
    return errors;
  };
}

/** Every message of a refused save: the server lists them all (https, hosts that do not resolve or are not public). */
const messagesOf = (error: Error) => (error instanceof ApiError && error.errors.length > 0 ? error.errors : [error.message]);

/** A refused save's messages under the URLs they are about (a local host names ALLOW_PRIVATE_WEBHOOKS there). */
function fieldErrorsOf(messages: string[]): Partial<Values> {
  const errors: Partial<Values> = {};
  for (const message of messages) {
    const field = webhookFieldOfMessage(message);
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** WebHooks: the Collections and Payments web hook URLs, and Save Changes ('Webhooks Updated'). */
export function WebhookForm({ urls, environment }: { urls: WebhookUrls; environment: Environment }) {
  const save = useSaveWebhookUrls();
  const form = useForm<Values>({
    initialValues: { collection_url: urls.collection_url ?? '', payment_url: urls.payment_url ?? '' },
    validate: validate(environment),
  });
  // What a refused save says about no URL in particular (a failure of the server) stays listed under the form.
  const unplaced = save.error ? messagesOf(save.error).filter((message) => !webhookFieldOfMessage(message)) : [];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(webhookUrlsInput.parse(values), {
          onSuccess: ({ data }) => {
            const saved = { collection_url: data.collection_url ?? '', payment_url: data.payment_url ?? '' };
            form.setInitialValues(saved);
            form.setValues(saved);
          },
          onError: (error) => form.setErrors(fieldErrorsOf(messagesOf(error))),
        }),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {M.httpsHint}
        </Text>
        {FIELDS.map((field) => (
          <TextInput
            key={form.key(field)}
            label={`${WEBHOOK_LABELS[field]} web hook URL`}
            type="url"
            inputMode="url"
            placeholder="https://"
            spellCheck={false}
            {...form.getInputProps(field)}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
        {unplaced.length > 0 && (
          <Alert color="red" title={M.saveFailed} role="alert">
            <List size="sm">
              {unplaced.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
