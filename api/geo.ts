import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';

const GeoResult = Schema.Struct({ city: Schema.NullOr(Schema.String) });

export const getGeo = defineEndpoint({
  method: 'GET',
  path: '/api/geo',
  summary: "The visitor's city from the IP address; null when unknown",
  tag: 'geo',
  response: GeoResult,
});
