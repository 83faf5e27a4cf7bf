import { Group, Text } from '@mantine/core';

export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0b7a53" />
        <text x="16" y="22" fontFamily="Arial, sans-serif" fontSize="18" fontWeight="bold" fill="#fff" textAnchor="middle">
          S
        </text>
      </svg>
      <Text fw={800} size={size} c="sente.8">
        Sente
      </Text>
    </Group>
  );
}
