// The google.rpc.Status every Frontier Ledger error carries in the trailing metadata
// `grpc-status-details-bin`, decoded with the vendored protos in proto/google/rpc/.

import path from "node:path";
import protobuf from "protobufjs";

const TYPE_PREFIX = "type.googleapis.com/";

export function loadStatusTypes(protoDir) {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    target.startsWith("google/protobuf/") ? target : path.join(protoDir, target);
  root.loadSync(["google/rpc/status.proto", "google/rpc/error_details.proto"], { keepCase: true });
  return root;
}

// {code, message, details: [{type, ...fields}]} from a failed call's error, or null without details.
export function statusDetails(root, error) {
  const [bytes] = error.metadata?.get("grpc-status-details-bin") ?? [];
  if (!bytes) return null;
  const status = root.lookupType("google.rpc.Status").decode(bytes);
  const details = status.details.map((any) => {
    const type = any.type_url.slice(TYPE_PREFIX.length);
    const message = root.lookupType(type).decode(any.value);
    return { type, ...root.lookupType(type).toObject(message, { longs: String }) };
  });
  return { code: status.code, message: status.message, details };
}
