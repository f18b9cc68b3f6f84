// A NoteStore whose paths are plain files (no `.md` suffix): the session-state store's lock file,
// compare-and-swap and atomic replace, reused as they are for manifests and the session index.
import { join } from "node:path";
import { NoteStore } from "../state/store.js";

export class FileStore extends NoteStore {
  override file(path: string): string {
    return join(this.root, path);
  }
}
