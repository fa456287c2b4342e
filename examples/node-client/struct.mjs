// google.protobuf.Struct from and to plain JavaScript objects.
//
// With @grpc/proto-loader (and protobufjs) a Struct is an ordinary message: an object
// {fields: {name: Value}} whose Value sets exactly one of nullValue, numberValue, stringValue,
// boolValue, structValue or listValue. Mind the camelCase: protobufjs bundles its own copy of
// struct.proto with these names, and keepCase does not change them (a snake_case key such as
// bool_value is silently dropped). Python's Struct.update() does this walk for you; here it is.

export function toValue(value) {
  if (value === null || value === undefined) return { nullValue: "NULL_VALUE" };
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  if (typeof value === "object") return { structValue: toStruct(value) };
  throw new TypeError(`a Struct cannot hold ${typeof value}`);
}

export function toStruct(object) {
  return { fields: Object.fromEntries(Object.entries(object).map(([k, v]) => [k, toValue(v)])) };
}

export function fromValue(value) {
  switch (value.kind) {
    case "numberValue":
      return value.numberValue;
    case "stringValue":
      return value.stringValue;
    case "boolValue":
      return value.boolValue;
    case "structValue":
      return fromStruct(value.structValue);
    case "listValue":
      return (value.listValue.values ?? []).map(fromValue);
    default:
      return null;
  }
}

export function fromStruct(struct) {
  const fields = struct?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fromValue(v)]));
}
