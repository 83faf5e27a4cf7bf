import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FIND_MESSAGES, SEARCH_MIN_LENGTH } from '@sente/contracts/filters';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../components/filter-bar.tsx';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { LINK_KIND_NAMES, searchQueryOptions } from '../../../lib/search-query.ts';
import classes from './link-filter.module.css';

/**
 * The Link filter: a searchable select of the account's links of every kind, found by title or ref through the
 * search (an account may have hundreds). The chosen link keeps its title; one read from a shared URL is found by its
 * ref.
 */
export function LinkFilter({ value, onChange }: { value: string; onChange: (ref: string) => void }) {
  const scope = useMoneyScope();
  const [typed, setTyped] = useState('');
  const [text] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const term = text.length >= SEARCH_MIN_LENGTH ? text : value;
  const enabled = term.length >= SEARCH_MIN_LENGTH;
  const found = useQuery({ ...searchQueryOptions(scope, term), enabled, placeholderData: keepPreviousData });
  const links = (found.data?.links ?? []).map((link) => ({
    value: link.ref,
    label: `${link.title} (${LINK_KIND_NAMES[link.kind]})`,
  }));
  const current = chosen?.value === value ? chosen : (links.find((link) => link.value === value) ?? { value, label: value });
  const data = value && !links.some((link) => link.value === value) ? [current, ...links] : links;

  return (
    <Select
      label="Link"
      placeholder="All"
      classNames={{ input: classes.input }}
      searchable
      clearable
      data={data}
      value={value || null}
      onChange={(ref, option) => {
        setChosen(ref ? { value: ref, label: option.label } : null);
        onChange(ref ?? '');
      }}
      onSearchChange={setTyped}
      filter={({ options }) => options}
      nothingFoundMessage={text.length >= SEARCH_MIN_LENGTH ? FIND_MESSAGES.noLinksFound : FIND_MESSAGES.typeToFindLink}
    />
  );
}
