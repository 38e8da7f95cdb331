import { describe, expect, it } from "vitest";
import { isForbiddenAddress, isSpecialUseName } from "./address-policy";

describe("isSpecialUseName", () => {
  it.each([
    ["example.test"],
    ["deep.sub.example.test"],
    ["test"],
    ["localhost"],
    ["app.localhost"],
    ["x.invalid"],
    ["site.example"],
    ["printer.local"],
    ["duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion"],
    ["name.alt"],
    ["router.home.arpa"],
    ["wiki.internal"],
    ["EXAMPLE.TEST"],
    ["example.test."],
  ])("%s is special-use", (name) => {
    expect(isSpecialUseName(name)).toBe(true);
  });

  it.each([
    ["example.com"],
    ["example.org"],
    ["example.net"],
    ["test.com"],
    ["latest"],
    ["mytest"],
    ["localhost.com"],
    ["local.example.com"],
    ["arpa"],
    ["in-addr.arpa"],
    ["xn--r8jz45g.jp"],
    ["127.0.0.1"],
  ])("%s is an ordinary name", (name) => {
    expect(isSpecialUseName(name)).toBe(false);
  });
});

describe("isForbiddenAddress", () => {
  it.each([
    // IPv4 loopback, "this network", private ranges and their edges
    ["127.0.0.1"],
    ["127.255.255.254"],
    ["0.0.0.0"],
    ["0.255.255.255"],
    ["10.0.0.1"],
    ["10.255.255.255"],
    ["172.16.0.0"],
    ["172.20.10.5"],
    ["172.31.255.255"],
    ["192.168.0.1"],
    ["192.168.255.255"],
    // link-local and the cloud metadata service
    ["169.254.0.1"],
    ["169.254.169.254"],
    // carrier-grade NAT 100.64.0.0/10 edges
    ["100.64.0.0"],
    ["100.127.255.255"],
    // special-purpose, benchmarking, multicast, reserved, broadcast
    ["192.0.0.8"],
    ["198.18.0.1"],
    ["198.19.255.255"],
    ["224.0.0.1"],
    ["239.255.255.250"],
    ["240.0.0.1"],
    ["255.255.255.255"],
    // IPv6 loopback, unspecified, unique-local, link-local, site-local, multicast
    ["::1"],
    ["::"],
    ["0:0:0:0:0:0:0:1"],
    ["fc00::1"],
    ["fd12:3456:789a::1"],
    ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["fe80::1"],
    ["fe80::1%eth0"],
    ["febf:ffff::1"],
    ["fec0::1"],
    ["ff02::1"],
    ["ff05::1:3"],
    // reserved space outside global unicast 2000::/3
    ["fbff::1"],
    ["fe00::1"],
    ["100::1"],
    ["4000::1"],
    // IPv4-mapped and IPv4-compatible forms of forbidden IPv4
    ["::ffff:127.0.0.1"],
    ["::ffff:7f00:1"],
    ["::FFFF:7F00:0001"],
    ["0:0:0:0:0:ffff:a00:1"],
    ["::ffff:169.254.169.254"],
    ["::ffff:192.168.1.1"],
    ["::127.0.0.1"],
    // NAT64 and local-use NAT64
    ["64:ff9b::127.0.0.1"],
    ["64:ff9b::a00:1"],
    ["64:ff9b::169.254.169.254"],
    ["64:ff9b:1::808:808"],
    // 6to4 embedding forbidden IPv4, Teredo
    ["2002:7f00:1::"],
    ["2002:a9fe:a9fe::1"],
    ["2002:c0a8:101::1"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    // not an address at all
    [""],
    ["localhost"],
    ["example.com"],
    ["127.1"],
    ["0x7f.0.0.1"],
    ["010.0.0.1"],
    ["256.1.1.1"],
    ["1.2.3.4.5"],
    ["::ffff:999.0.0.1"],
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ["8.8.8.8"],
    ["1.1.1.1"],
    ["93.184.215.14"],
    ["9.255.255.255"],
    ["11.0.0.0"],
    ["172.15.255.255"],
    ["172.32.0.0"],
    ["100.63.255.255"],
    ["100.128.0.0"],
    ["169.253.255.255"],
    ["192.0.1.1"],
    ["192.167.255.255"],
    ["192.169.0.0"],
    ["198.17.255.255"],
    ["198.20.0.0"],
    ["223.255.255.255"],
    ["126.255.255.255"],
    ["128.0.0.1"],
    ["2606:4700::1111"],
    ["2606:4700:4700::1111"],
    ["2001:4860:4860::8888"],
    ["2a00:1450:4001:80b::200e"],
    ["::ffff:8.8.8.8"],
    ["::ffff:808:808"],
    ["64:ff9b::8.8.8.8"],
    ["2002:808:808::1"],
  ])("allows the public address %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
