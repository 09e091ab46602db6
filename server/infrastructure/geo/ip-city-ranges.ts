/**
 * IPv4 ranges → city, shipped with the code (nothing is fetched at run time). Each row is
 * [first address, last address, city]. This is a small starter table of blocks of large Russian
 * access providers, written by hand and NOT verified against a registry: it only lets the feature
 * work out of the box. Production should load a maintained export through GEO_DATA_FILE (CSV
 * `first,last,city` per line — see docs/operations.md); a wrong or missing city only means the
 * visitor picks it in the city banner.
 */
export const IP_CITY_RANGES: readonly (readonly [string, string, string])[] = [
  ['5.18.0.0', '5.19.255.255', 'Санкт-Петербург'],
  ['31.134.0.0', '31.134.255.255', 'Санкт-Петербург'],
  ['46.242.0.0', '46.242.63.255', 'Москва'],
  ['77.234.192.0', '77.234.223.255', 'Санкт-Петербург'],
  ['78.25.64.0', '78.25.127.255', 'Москва'],
  ['85.143.0.0', '85.143.127.255', 'Санкт-Петербург'],
  ['87.224.128.0', '87.224.255.255', 'Екатеринбург'],
  ['89.110.0.0', '89.110.63.255', 'Санкт-Петербург'],
  ['92.100.0.0', '92.101.255.255', 'Санкт-Петербург'],
  ['94.19.0.0', '94.19.255.255', 'Санкт-Петербург'],
  ['95.55.0.0', '95.55.255.255', 'Санкт-Петербург'],
  ['109.167.128.0', '109.167.255.255', 'Новосибирск'],
  ['176.59.0.0', '176.59.127.255', 'Москва'],
  ['178.70.0.0', '178.71.255.255', 'Санкт-Петербург'],
  ['188.242.0.0', '188.243.255.255', 'Санкт-Петербург'],
  ['195.19.0.0', '195.19.63.255', 'Казань'],
];
