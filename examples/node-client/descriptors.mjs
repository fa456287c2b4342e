// proto/ read at run time: `buf build` (the pinned @bufbuild/buf) turns it into a FileDescriptorSet,
// and @bufbuild/protobuf's registry makes every service and message of it usable without generated code.

import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";

const require = createRequire(import.meta.url);

export function loadRegistry(protoDir) {
  const buf = require.resolve("@bufbuild/buf/bin/buf");
  const bytes = execFileSync(
    process.execPath,
    [buf, "build", protoDir, "--as-file-descriptor-set", "-o", "-"],
    { maxBuffer: 64 << 20 },
  );
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(bytes)));
}
