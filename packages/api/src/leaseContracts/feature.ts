import path from 'node:path';
import { leaseContractResource, leaseContractScreens } from '@cp/contracts';
import { defineFeature } from '../feature';
import { storageFor } from '../files/storage';
import type { RoutePlugin } from '../http/schemas';
import { defineServerResource } from '../resource/family';
import { leaseContracts } from './tables';
import { pendingContracts, renderContract, renderContractJob } from './versions';

/** 合同 of a lease order: its versions, read on the order's detail page (the approvals write them). */
const leaseContractFamily = defineServerResource({
  resource: leaseContractResource,
  table: leaseContracts,
  screens: Object.values(leaseContractScreens),
});

const contractJobRoutes: RoutePlugin<object> = async (app) => {
  app.jobs.define(renderContractJob);
};

export const feature = defineFeature({
  families: [leaseContractFamily],
  routes: [contractJobRoutes],
  // The demo's approvals recorded their versions through the API; their PDFs are made here, before the server
  // runs (their queued jobs then find nothing left to do).
  demo: async (db, { dataDir }) => {
    if (!dataDir) return;
    const storage = storageFor(dataDir);
    for (const id of await pendingContracts(db)) {
      await renderContract(db, storage, id, path.join(storage.stagingDir, `seed-contract-${id}.pdf`));
    }
  },
});
