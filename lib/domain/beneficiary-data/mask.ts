/**
 * What a role without `beneficiaries.values.read` sees of a value: enough to tell two apart on a
 * call with the beneficiary ("ends in 4567"), never enough to use. A value of 10 characters or more
 * keeps its first 4 (a phone's country code, an IBAN's country and check digits) and its last 4;
 * a shorter one its last 2; one of 4 or fewer nothing.
 */
const DOT = "•";

export function maskValue(value: string): string {
  const characters = [...value];
  const length = characters.length;
  if (length <= 4) return DOT.repeat(length);
  const [start, end] = length >= 10 ? [4, 4] : [0, 2];
  return (
    characters.slice(0, start).join("") +
    DOT.repeat(length - start - end) +
    characters.slice(length - end).join("")
  );
}
