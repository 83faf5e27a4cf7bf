import { Checkbox, Text } from '@mantine/core';
import type { PaymentLink } from '@sente/contracts/links';

/**
 * The Disabled column: a checkbox for roles that manage links (asking before it changes), plain
 * text for the others, who may see a link's state but not change it.
 */
export function DisabledCheckbox({
  link,
  canManage,
  withLabel = false,
  onRequestChange,
}: {
  link: PaymentLink;
  canManage: boolean;
  withLabel?: boolean;
  onRequestChange: (link: PaymentLink, disable: boolean) => void;
}) {
  if (!canManage) {
    return (
      <Text size="sm" c={link.is_disabled ? 'red.8' : 'gray.7'}>
        {withLabel ? 'Disabled: ' : ''}
        {link.is_disabled ? 'Yes' : 'No'}
      </Text>
    );
  }
  return (
    <Checkbox
      checked={link.is_disabled}
      label={withLabel ? 'Disabled' : undefined}
      aria-label={withLabel ? undefined : `Disabled: ${link.title}`}
      onChange={(event) => onRequestChange(link, event.currentTarget.checked)}
    />
  );
}
