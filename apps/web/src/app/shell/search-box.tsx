import { Box, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import classes from './search-box.module.css';
import type { ResultsKeys, ResultsState } from './search-results.tsx';

// The results (their query, groups and labels) load on the first search, so the Overview stays light.
const SearchResults = lazy(() => import('./search-results.tsx').then((m) => ({ default: m.SearchResults })));

const CLOSED: ResultsState = { expanded: false, activeId: undefined };

type Props = { hiddenFrom?: 'sm'; visibleFrom?: 'sm'; onNavigate?: () => void };

/**
 * The header's search (decision 051; the spec leaves it inert): from two characters a list of the account's collections,
 * customers, links and transfers that match, grouped, chosen by pointer or by the arrow keys and Enter (the ARIA
 * combobox pattern); Escape closes it. A choice opens the screen that shows it.
 */
export function SearchBox({ hiddenFrom, visibleFrom, onNavigate }: Props) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [term] = useDebouncedValue(text.trim(), 300);
  const [state, setState] = useState<ResultsState>(CLOSED);
  const keys = useRef<ResultsKeys | null>(null);
  const showing = open && term !== '';
  const expanded = showing && state.expanded;

  const pick = (to: string) => {
    setOpen(false);
    setText('');
    navigate(to);
    onNavigate?.();
  };

  return (
    <Box hiddenFrom={hiddenFrom} visibleFrom={visibleFrom} w={{ base: '100%', sm: 260 }} className={classes.box}>
      <TextInput
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded ? state.activeId : undefined}
        placeholder="Search"
        autoComplete="off"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && expanded) {
            event.preventDefault();
            setOpen(false);
          } else if (expanded && keys.current?.(event.key)) event.preventDefault();
          else if (event.key === 'ArrowDown') setOpen(true);
        }}
      />
      {showing && (
        <Suspense fallback={null}>
          <SearchResults id={listId} text={term} keys={keys} onState={setState} onPick={pick} />
        </Suspense>
      )}
    </Box>
  );
}
