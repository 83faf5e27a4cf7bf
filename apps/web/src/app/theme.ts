import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'sente',
  colors: {
    sente: ['#e6f7f0', '#c3ebdb', '#9cdec4', '#6fcfaa', '#45c192', '#22b07d', '#13966a', '#0b7a53', '#065f40', '#02452d'],
  },
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
