import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { DayField } from './day-field.tsx';
import classes from './filter-bar.module.css';
import type { UrlFilter } from './use-url-filter.ts';

export type FilterChoice = { value: string; label: string };
type SelectField<K> = { key: K; label: string; choices: FilterChoice[] };

/** 'All' (no filter) and then each value with its label. */
export const choicesOf = <V extends string>(values: readonly V[], label: (value: V) => string): FilterChoice[] => [
  { value: '', label: 'All' },
  ...values.map((value) => ({ value, label: label(value) })),
];

/** 'failed' -> 'Failed', as the status badges word it. */
export const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** How long typing pauses before the search runs (and the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search field: it answers every key at once, and sets the filter once typing pauses. `name` is its visible label
 * and accessible name ('Search' unless the page names what it searches), `label` the hint of what it finds.
 */
export function SearchField({
  value,
  onSearch,
  label,
  name = 'Search',
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  name?: string;
}) {
  const [text, setText] = useState(value);
  // The URL changed from elsewhere (Clear filters, Back, the header's search): the field follows it.
  useEffect(() => setText(value), [value]);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      type="search"
      label={name}
      placeholder={label}
      aria-description={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      className={classes.search}
    />
  );
}

type Props<K extends string> = {
  filter: UrlFilter<K>;
  /** The region's name: 'Filter collections'. */
  label: string;
  selects: SelectField<K>[];
  /** More fields after the selects (the collections' Link). */
  children?: ReactNode;
  dates: { from: K; to: K };
  search?: { key: K; label: string };
  /** What the filter holds, once known: '1,234 collections'. */
  total: string | null;
};

/**
 * The filter above a list (decision 051): selects, a range of days and a search, each bound to the URL's query string
 * (no submit: the list follows each change), the total for the filter, and Clear filters.
 */
export function FilterBar<K extends string>({ filter, label, selects, children, dates, search, total }: Props<K>) {
  const { values, set } = filter;
  return (
    <Paper component="section" aria-label={label} withBorder radius="md" p="md">
      <Stack gap="sm">
        {search && <SearchField value={values[search.key]} onSearch={(text) => set(search.key, text)} label={search.label} />}
        <Group gap="sm" align="flex-end" className={classes.fields}>
          {selects.map((field) => (
            <NativeSelect
              key={field.key}
              label={field.label}
              data={field.choices}
              value={values[field.key]}
              onChange={(event) => set(field.key, event.currentTarget.value)}
            />
          ))}
          {children}
          <DayField label="From" value={values[dates.from]} maxDate={values[dates.to]} onChange={(day) => set(dates.from, day)} />
          <DayField label="To" value={values[dates.to]} minDate={values[dates.from]} onChange={(day) => set(dates.to, day)} />
        </Group>
        <Group justify="space-between" gap="sm" mih={30}>
          <Text size="sm" fw={600} role="status">
            {total}
          </Text>
          {filter.active && (
            <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={filter.clear}>
              Clear filters
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
