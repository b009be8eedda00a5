const dayMs = 86_400_000;
/** Day 0 of Excel's serial dates (1900 date system; the 1900 leap-year quirk only moves dates before March 1900). */
const serialEpoch = Date.UTC(1899, 11, 30);
const lastSerial = 2_958_465; // 9999-12-31
const serialPattern = /^\d+(?:\.\d+)?$/;
const textPattern = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * The moment a date-time cell means, read as wall-clock time at `utcOffsetHours` (China: +8): an Excel
 * serial (`46327.3541666667`, days since 1899-12-30, the fraction the time of day) or text such as
 * `2026-11-01 08:30`, `2026/11/1 8:30` or `2026-11-01 08:30:00`. Null when it is neither, or no such day.
 */
export function sheetDateTime(text: string, utcOffsetHours = 8): Date | null {
  const value = text.trim();
  const offsetMs = utcOffsetHours * 3_600_000;
  if (serialPattern.test(value)) {
    const serial = Number(value);
    if (serial < 1 || serial > lastSerial) return null;
    // Serials carry binary noise (08:30 is 0.35416666666666669): round to the second.
    return new Date(serialEpoch + Math.round((serial * dayMs) / 1000) * 1000 - offsetMs);
  }
  const match = textPattern.exec(value);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wallClock = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second));
  // Date.UTC rolls 2026-02-30 over to March: such a day does not exist.
  if (wallClock.getUTCMonth() !== (month ?? 1) - 1 || wallClock.getUTCDate() !== day) return null;
  return new Date(wallClock.getTime() - offsetMs);
}

/** 1900-03-01: before it, Excel's serials are off by its 1900 leap-year quirk. */
const firstWrittenSerial = 61;
const writtenPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The serial day a writer stores for wall-clock text (`2026-01-02` → 46024, `2026-01-02 08:30:00` →
 * 46024.354…), the time zone left as written; undefined when it is no such moment or out of Excel's range.
 */
export function serialDay(text: string): number | undefined {
  const match = writtenPattern.exec(text);
  if (!match) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const wallClock = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (wallClock.getUTCMonth() !== month - 1 || wallClock.getUTCDate() !== day) return undefined;
  const serial = (wallClock.getTime() - serialEpoch) / dayMs;
  return serial >= firstWrittenSerial && serial < lastSerial + 1 ? serial : undefined;
}
