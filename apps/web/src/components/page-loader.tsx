import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
