/** Query keys of the developers screens (the API keys themselves live on the profile). */
export const developerKeys = {
  all: ['developers'] as const,
  webhooks: (accountId: string) => [...developerKeys.all, 'webhooks', accountId] as const,
};
