import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database's files, as PGlite's own NodeFS keeps them, with one difference: the size of
 * a file is asked of the operating system once and then kept (docs/decisions/0012).
 *
 * PostgreSQL sizes a relation with `lseek(fd, 0, SEEK_END)` whenever it plans or scans it, about 50
 * times for a quote search. Emscripten's NODEFS answers each of those with an `fstat` system call,
 * which made up a third of the API's time on PGlite on a machine where system calls are dear. Every
 * change to a file's size passes through the same Emscripten file system in this one process (PGlite
 * is single-process, and the data folder is locked, see `acquireLock`): writes, which can only grow
 * the file, and truncation. So a size kept per file node, grown by writes and forgotten on
 * truncation, is the size `fstat` would have given.
 */
export class SizeKeepingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.push((mod: unknown) => keepFileSizes(mod as EmscriptenModule));
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

/** The parts of Emscripten's module this file uses (not typed by PGlite). */
interface EmscriptenModule {
  FS: { isFile(mode: number): boolean; ErrnoError: new (errno: number) => Error };
  NODEFS: { stream_ops: StreamOps; node_ops: NodeOps };
}
interface FileNode {
  mode: number;
}
interface Stream {
  node: FileNode;
}
interface StreamOps {
  llseek(stream: Stream, offset: number, whence: number): number;
  write(
    stream: Stream,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number | undefined,
  ): number;
  setattr(stream: Stream, attr: { size?: number }): void;
}
interface NodeOps {
  setattr(node: FileNode, attr: { size?: number }): void;
}

const SEEK_END = 2;
const EINVAL = 28;

/** How many times the operating system was asked for a file's size (tests). */
export const fileSizeQueries = { count: 0 };

/**
 * Wraps NODEFS's operations in place: every NODEFS node refers to these same objects, so the mounts
 * made before or after this call all keep sizes.
 */
export function keepFileSizes(mod: EmscriptenModule): void {
  const { FS, NODEFS } = mod;
  const streamOps = NODEFS.stream_ops;
  const nodeOps = NODEFS.node_ops;
  const sizes = new WeakMap<FileNode, number>();
  const { llseek, write, setattr: streamSetattr } = streamOps;
  const nodeSetattr = nodeOps.setattr;

  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      fileSizeQueries.count++;
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    const position = size + offset;
    if (position < 0) throw new FS.ErrnoError(EINVAL);
    return position;
  };
  streamOps.write = (stream, buffer, offset, length, position) => {
    let written: number;
    try {
      written = write(stream, buffer, offset, length, position);
    } catch (err) {
      sizes.delete(stream.node);
      throw err;
    }
    const size = sizes.get(stream.node);
    if (size !== undefined) {
      if (typeof position !== 'number') sizes.delete(stream.node);
      else if (position + written > size) sizes.set(stream.node, position + written);
    }
    return written;
  };
  // Truncation (ftruncate, truncate, and open with O_TRUNC) goes through setattr.
  streamOps.setattr = (stream, attr) => {
    sizes.delete(stream.node);
    return streamSetattr(stream, attr);
  };
  nodeOps.setattr = (node, attr) => {
    sizes.delete(node);
    return nodeSetattr(node, attr);
  };
}
