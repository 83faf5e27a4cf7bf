import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';

/** The terms a merchant accepts at sign-up (the checkbox links here, in a new tab, so the form keeps what was typed). */
export function TermsRoute() {
  return (
    <AuthLayout title="Terms and conditions" subtitle="What you agree to when you open a Sente account.">
      <Stack gap="sm">
        <List size="sm" spacing={6}>
          <List.Item>You give true details of yourself and your business, and keep them up to date.</List.Item>
          <List.Item>
            You collect payments only for lawful goods and services that you deliver, and refund or answer your customers when
            they ask.
          </List.Item>
          <List.Item>
            Sente takes the fees shown in the dashboard from each collection and transfer; live payments open once we approve your
            account.
          </List.Item>
          <List.Item>You keep your password, one-time codes, wallet PIN and API keys to yourself and your team.</List.Item>
          <List.Item>
            We may hold or refuse a movement of money that breaks the law or these terms, and we tell you why.
          </List.Item>
        </List>
        <Text size="sm">The full terms of service will be published here before live payments open.</Text>
        <Anchor component={RouterLink} to="/signup" size="sm" fw={600} c="sente.8">
          Back to sign up
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
