import { getRequestConfig } from 'next-intl/server';

export default getRequestConfig(async () => ({
  locale: 'en',
  messages: { Floor: { title: 'Lumo', text: 'Stories, games and TV for children.' } },
}));
