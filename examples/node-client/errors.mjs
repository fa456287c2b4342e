// The google.rpc.Status every Frontier Ledger error carries: Connect hands over its details (read from
// `grpc-status-details-bin` over gRPC), each decoded here with the vendored protos in proto/google/rpc/.

import { fromBinary, toJson } from "@bufbuild/protobuf";
import { ConnectError } from "@connectrpc/connect";

// {code, message, details: [{type, ...fields}]} from a failed call's error.
export function statusDetails(registry, error) {
  const failure = ConnectError.from(error);
  const details = failure.details.map(({ type, value }) => {
    const schema = registry.getMessage(type);
    const fields = schema ? toJson(schema, fromBinary(schema, value), { useProtoFieldName: true }) : {};
    return { type, ...fields };
  });
  return { code: failure.code, message: failure.rawMessage, details };
}
