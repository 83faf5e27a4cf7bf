import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true" aria-live="polite">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
