/**
 * A workbook's shared strings, held as UTF-8 bytes in blocks of a megabyte with one offset and one
 * length per string: a fraction of the memory of as many JavaScript strings, and each string already
 * cut to the importer's cap, so the table costs no more than the text it keeps.
 */
const BLOCK_BITS = 20;
const BLOCK_BYTES = 1 << BLOCK_BITS;

export class StringTable {
  private blocks: Buffer[] = [];
  private used = BLOCK_BYTES; // the current block is full: the first add starts one
  private starts = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  size = 0;

  add(value: string) {
    const bytes = Buffer.byteLength(value);
    if (bytes > BLOCK_BYTES) throw new RangeError("a shared string longer than a block");
    if (this.used + bytes > BLOCK_BYTES) {
      this.blocks.push(Buffer.allocUnsafe(BLOCK_BYTES));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    (this.blocks[block] as Buffer).write(value, this.used);
    if (this.size === this.starts.length) {
      this.starts = grow(this.starts);
      this.lengths = grow(this.lengths);
    }
    this.starts[this.size] = block * BLOCK_BYTES + this.used;
    this.lengths[this.size] = bytes;
    this.size++;
    this.used += bytes;
  }

  /** The string at `index`, or "" for an index the table does not have. */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return "";
    const start = this.starts[index] as number;
    const block = this.blocks[Math.floor(start / BLOCK_BYTES)] as Buffer;
    const at = start % BLOCK_BYTES;
    return block.toString("utf8", at, at + (this.lengths[index] as number));
  }
}

function grow(array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
