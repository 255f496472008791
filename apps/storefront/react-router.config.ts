import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // Route middleware: the root's page cache answers anonymous pages without rendering them again.
  future: { v8_middleware: true },
} satisfies Config;
