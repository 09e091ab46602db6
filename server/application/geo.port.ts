/** IP address → city name (Russian), or null when unknown, private or loopback. */
export interface GeoLocator {
  cityForIp(ip: string): string | null;
}
