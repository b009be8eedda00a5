import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd in happy-dom is slow on a busy machine: queries wait up to 5 s for what a user would see.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// Every feature's loader under its route keys, as the app registers them: a family naming another feature's
// screen (a driver's 租赁订单) finds it (resource/familyRegistry).
import '../features.generated';
