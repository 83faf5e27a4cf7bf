import { Button, Center } from '@mantine/core';

/** Load More shows while the current page is below the total pages. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <Center py="md">
      <Button variant="light" loading={loading} onClick={onLoad}>
        Load More
      </Button>
    </Center>
  );
}
