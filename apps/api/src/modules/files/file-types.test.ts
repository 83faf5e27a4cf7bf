import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../testing/upload-fixtures.ts';
import { isSvg, sniffFileType } from './file-types.ts';

const text = (value: string) => Buffer.from(value);

describe('sniffFileType', () => {
  it.each([
    ['png', SAMPLES.png, 'png', false],
    ['jpeg', SAMPLES.jpg, 'jpg', false],
    ['pdf', SAMPLES.pdf, 'pdf', false],
    ['svg', SAMPLES.svg, 'svg', false],
    ['avif', SAMPLES.avif, 'avif', false],
    ['an AVIF image sequence', Buffer.from(SAMPLES.avif).fill('avis', 8, 12), 'avif', false],
    ['plain text', SAMPLES.text, 'txt', false],
    ['random bytes', Buffer.from([0x00, 0x9f, 0x92, 0x96, 0x00, 0x01]), 'bin', false],
    ['an ELF program', SAMPLES.elf, 'elf', true],
    ['a Windows program', SAMPLES.exe, 'exe', true],
    ['a shell script', SAMPLES.shellScript, 'sh', true],
    ['a script after a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), SAMPLES.shellScript]), 'sh', true],
  ])('reads %s from its bytes', async (_, bytes, ext, executable) => {
    expect(await sniffFileType(bytes)).toMatchObject({ ext, executable });
  });

  it('tells a Windows Installer from an ordinary OLE document', async () => {
    const ole = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    const document = await sniffFileType(ole);
    expect(document).toMatchObject({ ext: 'cfb', executable: false });
    const installer = Buffer.from(ole);
    Buffer.from([0x84, 0x10, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46]).copy(
      installer,
      600,
    );
    expect(await sniffFileType(installer)).toMatchObject({ ext: 'cfb', executable: true });
  });
});

describe('isSvg', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', true],
    ['  \n<svg>', true],
    ['\ufeff<?xml version="1.0"?><svg/>', true],
    ['<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<!-- Generator -->\n<svg width="1">', true],
    ['<?xml version="1.0"?><html><svg></svg></html>', false],
    ['<svgx>', false],
    ['hello <svg>', false],
    ['<html><body><svg></svg></body></html>', false],
  ])('%j is an SVG: %s', (content, expected) => {
    expect(isSvg(text(content))).toBe(expected);
  });
});
