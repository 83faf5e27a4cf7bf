import type { TransformOptions, Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw, type ZlibOptions } from 'node:zlib';

/**
 * What a stream of an export holds before it waits for the client: stated, because Node 22 raised the default from
 * 16 KiB to 64 KiB, and a download's memory and the database reads it runs ahead by should not follow the Node version.
 */
export const STREAM_BUFFER_BYTES = 16 * 1024;

/**
 * A ZIP archive written as it is made, for the xlsx exports: each entry is deflated on its way out, its CRC and
 * sizes follow it in a data descriptor (they are not known when its header is written), and the central directory
 * closes the archive. Every write waits while the output (the HTTP response) has not taken the previous ones, so
 * memory stays flat whatever the archive's size.
 *
 * Not ZIP64: an archive or an entry past 4 GiB is refused with an error rather than written corrupt. An export of
 * 200,000 collections makes an entry of about 100 MB.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: { name: Buffer; crc: number; compressed: number; size: number; offset: number }[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(
    private readonly output: Writable,
    private readonly level = 6,
  ) {}

  /** A whole entry at once, for the small parts of a workbook. */
  async add(name: string, content: string | Buffer): Promise<void> {
    const entry = this.open(name);
    await entry.write(content);
    await entry.close();
  }

  /** An entry written piece by piece: `write` answers once the piece may be followed by the next. */
  open(name: string): { write: (content: string | Buffer) => Promise<void> | undefined; close: () => Promise<void> } {
    const record = { name: Buffer.from(name), crc: 0, compressed: 0, size: 0, offset: this.offset };
    // NOTE: zlib's streams take the stream options too (Node's docs), though its TypeScript type leaves them out.
    const options: ZlibOptions & TransformOptions = { level: this.level, highWaterMark: STREAM_BUFFER_BYTES };
    const deflate = createDeflateRaw(options);
    const written = this.put(localHeader(record.name, this.stamp));
    // Copies the deflated bytes to the output as they come, pausing while the output is full.
    const pumped = (async () => {
      await written;
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        record.compressed += chunk.length;
        await this.put(chunk);
      }
    })();
    pumped.catch(() => deflate.destroy());
    return {
      write: (content) => {
        const bytes = typeof content === 'string' ? Buffer.from(content) : content;
        record.crc = crc32(bytes, record.crc);
        record.size += bytes.length;
        return deflate.write(bytes) ? undefined : drained(deflate);
      },
      close: async () => {
        deflate.end();
        await pumped;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(record.crc >>> 0, 4);
        descriptor.writeUInt32LE(checked(record.compressed), 8);
        descriptor.writeUInt32LE(checked(record.size), 12);
        await this.put(descriptor);
        this.entries.push(record);
      },
    };
  }

  /** The central directory and its end record: the archive is complete once this answers. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4); // made by: version 2.0
      header.writeUInt16LE(20, 6); // needed to extract: version 2.0 (deflate)
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(8, 10); // deflated
      header.writeUInt32LE(this.stamp, 12);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(checked(entry.offset), 42);
      await this.put(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(checked(this.offset - start), 12);
    end.writeUInt32LE(checked(start), 16);
    await this.put(end);
  }

  private async put(bytes: Buffer): Promise<void> {
    if (this.output.destroyed) throw new Error('the download was closed');
    this.offset += bytes.length;
    if (!this.output.write(bytes)) await drained(this.output);
  }
}

/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;

function localHeader(name: Buffer, stamp: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(stamp, 10);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function checked(value: number): number {
  if (value > 0xffffffff) throw new Error('the export is larger than a ZIP archive without ZIP64 can hold (4 GiB)');
  return value;
}

/** MS-DOS time (low 16 bits) and date (high 16 bits), as ZIP headers carry them. */
function dosDateTime(at: Date): number {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return ((date << 16) | time) >>> 0;
}

/** Resolves when the stream takes writes again; fails if it is destroyed first (the client went away). */
function drained(stream: Writable | DeflateRaw): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.destroyed) {
      reject(new Error('the download was closed'));
      return;
    }
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('the download was closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}
