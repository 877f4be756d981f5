import { Transform } from 'class-transformer';

/** A boolean from a query string: "true"/"1" is true, "false"/"0" false; other values fail @IsBoolean. */
export const BoolQuery = () =>
  Transform(({ value }) => {
    if (value === 'true' || value === '1' || value === true) return true;
    if (value === 'false' || value === '0' || value === false) return false;
    return value;
  });
