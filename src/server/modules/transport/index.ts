/** Transport (issue 40, docs/transport.md): the tariff, consignments planned at checkout, their life from drop-off to arrival. */
export { planConsignments, withCodes, withoutCodes, type PlannedConsignment, type PlannedLine, type ShownConsignment } from './plan';
export { readTariff } from './tariff';
export { transportRoutes } from './routes';
export { heldForTransporter, requireVerified } from './carriers';
export { queueLoadCodes } from './load-codes';
export { acceptLoad, arriveLoad, collectLoad, countLineIn, listLoads, recordLoadEvents, TRANSPORT_COMMISSION_BP, transporterShareMinor, type WarehouseActor } from './life';
export { reassignLoad, startLateLoadsJob, sweepLateLoads } from './trouble';
export { dispatchDesk } from './dispatch';
