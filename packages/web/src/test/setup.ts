import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd in happy-dom is slow on a busy machine: queries wait up to 5 s for what a user would see.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
