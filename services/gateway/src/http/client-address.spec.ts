import { addressKey, isLoopback } from './client-address';

describe('the address a client is counted under', () => {
  it('is an IPv4 address itself, also when it comes mapped into IPv6', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('is the /64 of an IPv6 address, however the address is written', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('')).toBe('unknown');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
  });
});

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['10.0.0.1', '203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1', '::', undefined, 'localhost'])(
    '%s is not',
    (address) => {
      expect(isLoopback(address)).toBe(false);
    },
  );
});
