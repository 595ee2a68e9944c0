/**
 * A route's answer serialized as it is, without checking it against its response schema again: for the back
 * office's pages, whose rows are built field by field by typed DTO mappers (toShipmentDto, toAdminUserDto), so
 * a second check of every field of 10–100 rows on the way out only costs time. The schema still documents the
 * answer (OpenAPI) and the mappers' types still hold it.
 */
export const trustedJson = () => (data: unknown) => JSON.stringify(data);
