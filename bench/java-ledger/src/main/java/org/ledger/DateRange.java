package org.ledger;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** An inclusive range of days, start to end. */
public final class DateRange {
    private final LocalDate start;
    private final LocalDate end;

    public DateRange(LocalDate start, LocalDate end) {
        this.start = Objects.requireNonNull(start, "start");
        this.end = Objects.requireNonNull(end, "end");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end " + end + " before start " + start);
        }
    }

    public static DateRange ofMonth(int year, int month) {
        LocalDate first = LocalDate.of(year, month, 1);
        return new DateRange(first, first.withDayOfMonth(first.lengthOfMonth()));
    }

    public LocalDate start() {
        return start;
    }

    public LocalDate end() {
        return end;
    }

    public boolean contains(LocalDate day) {
        return !day.isBefore(start) && !day.isAfter(end);
    }

    public boolean overlaps(DateRange other) {
        return !other.end.isBefore(start) && !other.start.isAfter(end);
    }

    public Optional<DateRange> intersection(DateRange other) {
        if (!overlaps(other)) {
            return Optional.empty();
        }
        LocalDate s = start.isAfter(other.start) ? start : other.start;
        LocalDate e = end.isBefore(other.end) ? end : other.end;
        return Optional.of(new DateRange(s, e));
    }

    /** Number of days in the range; a one-day range has length 1. */
    public long days() {
        return ChronoUnit.DAYS.between(start, end) + 1;
    }

    /** The range cut at month boundaries, in order; the first and last pieces may be partial. */
    public List<DateRange> splitByMonth() {
        List<DateRange> pieces = new ArrayList<>();
        LocalDate pieceStart = start;
        while (!pieceStart.isAfter(end)) {
            LocalDate monthEnd = pieceStart.withDayOfMonth(pieceStart.lengthOfMonth());
            LocalDate pieceEnd = monthEnd.isBefore(end) ? monthEnd : end;
            pieces.add(new DateRange(pieceStart, pieceEnd));
            pieceStart = pieceEnd.plusDays(1);
        }
        return pieces;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DateRange && start.equals(((DateRange) o).start)
                && end.equals(((DateRange) o).end);
    }

    @Override
    public int hashCode() {
        return Objects.hash(start, end);
    }

    @Override
    public String toString() {
        return start + ".." + end;
    }
}
