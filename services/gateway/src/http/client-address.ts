import ipaddr from 'ipaddr.js';
import type { Request } from 'express';

/**
 * The key a client's address is counted under by every per-address limit. One IPv6 subscriber is usually given
 * a whole /64 and can pick any address in it at will, so an IPv6 address counts as its /64; an IPv4-mapped IPv6
 * address (`::ffff:a.b.c.d`) counts as the IPv4 address it carries.
 */
export function addressKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':');
  return `${prefix}::/64`;
}

/** Whether the address is this machine's own (127.0.0.0/8, ::1, or an IPv4-mapped loopback address). */
export function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** Whether both the connection and the address that TRUST_PROXY lets the gateway believe come from this machine. */
export function fromThisMachine(request: Request): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}
