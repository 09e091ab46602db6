import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { IdFromString } from './query-fields';

const ClientRecord = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  phone: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
});

export const getClient = defineEndpoint({
  method: 'GET',
  path: '/api/clients/:id',
  summary: 'E-mail and phone of a client (own record, or an administrator)',
  tag: 'clients',
  params: Schema.Struct({ id: IdFromString }),
  response: ClientRecord,
  errorStatuses: [401, 403, 404],
});

const Centimetres = Schema.Int;
const LiftCabin = Schema.Struct({ widthCm: Centimetres, depthCm: Centimetres, heightCm: Centimetres });

/**
 * «Поместится?» (issue 23, item 6; docs/delivery-dates.md): the door, corridor, lift cabin (null:
 * «нет лифта») and floor the client measured at home, in whole centimetres. The shape is checked here
 * (400); the limits in shared-rules/home-measurements-rule.ts (422 `invalid_home_measurements`, the
 * Russian problems as the message).
 */
const HomeMeasurements = Schema.Struct({
  doorWidthCm: Centimetres,
  doorHeightCm: Schema.NullOr(Centimetres),
  corridorWidthCm: Schema.NullOr(Centimetres),
  lift: Schema.NullOr(LiftCabin),
  floor: Schema.NullOr(Schema.Int),
});

const SavedHomeMeasurementsAnswer = Schema.Struct({
  /** Null: the client has not measured yet. */
  measurements: Schema.NullOr(HomeMeasurements),
});

export const getHomeMeasurements = defineEndpoint({
  method: 'GET',
  path: '/api/clients/:id/home-measurements',
  summary: 'The door, corridor and lift sizes the client keeps for «Поместится?» (own record only)',
  tag: 'clients',
  params: Schema.Struct({ id: IdFromString }),
  response: SavedHomeMeasurementsAnswer,
  errorStatuses: [401, 403],
});

export const putHomeMeasurements = defineEndpoint({
  method: 'PUT',
  path: '/api/clients/:id/home-measurements',
  summary: 'Keeps the door, corridor and lift sizes in the account; answers what was saved',
  tag: 'clients',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({ measurements: HomeMeasurements }),
  response: SavedHomeMeasurementsAnswer,
  errorStatuses: [401, 403, 415, 422],
});
