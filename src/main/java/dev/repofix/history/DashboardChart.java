package dev.repofix.history;

import static dev.repofix.history.DashboardText.escape;

import dev.repofix.history.DashboardFigures.Point;
import dev.repofix.history.DashboardFigures.Series;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The dashboard's charts as inline SVG, drawn on the JVM: shares over days as lines, and one
 * horizontal bar per model. Every name drawn comes from runs, so it is escaped here. Pure.
 */
final class DashboardChart {
    static final List<String> COLOURS = List.of("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
            "#e377c2", "#7f7f7f", "#bcbd22", "#17becf");
    private static final int WIDTH = 760;
    private static final int HEIGHT = 300;
    private static final int LEFT = 50;
    private static final int RIGHT = 200;
    private static final int TOP = 20;
    private static final int BOTTOM = 40;
    private static final int MAX_DAY_LABELS = 6;
    private static final int LEGEND_CHARS = 26;

    private DashboardChart() {}

    /** Shares (0-1) by day, one line per series; the series must hold at least one point between them. */
    static String lines(String id, String title, List<Series> series) {
        TreeSet<LocalDate> days = new TreeSet<>();
        series.forEach(s -> s.points().forEach(p -> days.add(p.day())));
        // The legend may need more room than the plot when there are many models.
        int height = Math.max(HEIGHT, legendY(series.size()) + 10);
        StringBuilder svg = open(id, title, WIDTH, height);
        shareAxis(svg);
        dayAxis(svg, days);
        for (int i = 0; i < series.size(); i++) {
            line(svg, series.get(i), i, days);
            legend(svg, i, series.get(i).name());
        }
        return svg.append("</svg>\n").toString();
    }

    /**
     * One horizontal bar per row, longest for the largest value.
     *
     * @param label what a bar is shown as, beside it (escaped here)
     */
    static <T> String bars(String id, String title, List<T> rows, ToDoubleFunction<T> value,
            Function<T, String> name, Function<T, String> label) {
        int rowHeight = 28;
        int height = TOP + rows.size() * rowHeight + 10;
        double max = rows.stream().mapToDouble(value).max().orElse(0);
        StringBuilder svg = open(id, title, WIDTH, height);
        int barLeft = 220;
        double span = WIDTH - barLeft - 140;
        for (int i = 0; i < rows.size(); i++) {
            T row = rows.get(i);
            double y = TOP + i * rowHeight;
            double w = max <= 0 ? 0 : Math.max(1, span * value.applyAsDouble(row) / max);
            text(svg, barLeft - 8, y + 15, "end", DashboardText.oneLine(name.apply(row), 32), name.apply(row));
            svg.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%d\" y=\"%s\" width=\"%s\" height=\"18\" "
                    + "fill=\"%s\"><title>%s</title></rect>\n", barLeft, fmt(y + 2), fmt(w), colour(i),
                    escape(name.apply(row) + ": " + label.apply(row))));
            text(svg, barLeft + w + 6, y + 15, "start", label.apply(row), label.apply(row));
        }
        return svg.append("</svg>\n").toString();
    }

    private static StringBuilder open(String id, String title, int width, int height) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"sans-serif\" "
                + "font-size=\"12\">\n", escape(id), width, height, width, height));
        svg.append("<title>").append(escape(title)).append("</title>\n");
        return svg;
    }

    private static void shareAxis(StringBuilder svg) {
        for (int i = 0; i <= 4; i++) {
            double y = y(i / 4.0);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%s\" x2=\"%d\" y2=\"%s\" stroke=\"%s\"/>\n",
                    LEFT, fmt(y), WIDTH - RIGHT, fmt(y), i == 0 ? "#444" : "#ddd"));
            text(svg, LEFT - 6, y + 4, "end", (i * 25) + "%", null);
        }
    }

    /** At most six day labels, the first and last always among them. */
    private static void dayAxis(StringBuilder svg, TreeSet<LocalDate> days) {
        List<LocalDate> all = List.copyOf(days);
        int step = Math.max(1, (int) Math.ceil((all.size() - 1) / (double) (MAX_DAY_LABELS - 1)));
        for (int i = 0; i < all.size(); i += step) {
            dayLabel(svg, all.get(i), days);
        }
        if ((all.size() - 1) % step != 0) {
            dayLabel(svg, all.getLast(), days);
        }
    }

    private static void dayLabel(StringBuilder svg, LocalDate day, TreeSet<LocalDate> days) {
        text(svg, x(day, days), HEIGHT - BOTTOM + 18, "middle", day.toString(), null);
    }

    private static void line(StringBuilder svg, Series series, int index, TreeSet<LocalDate> days) {
        String colour = colour(index);
        StringBuilder points = new StringBuilder();
        for (Point p : series.points()) {
            points.append(points.isEmpty() ? "" : " ").append(fmt(x(p.day(), days))).append(',')
                    .append(fmt(y(p.share())));
        }
        if (series.points().size() > 1) {
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s "
                    + "points=\"%s\"/>\n", colour, dashes(index), points));
        }
        for (Point p : series.points()) {
            svg.append(String.format(Locale.ROOT, "<circle class=\"point\" data-series=\"%s\" data-day=\"%s\" "
                    + "data-value=\"%.4f\" cx=\"%s\" cy=\"%s\" r=\"4\" fill=\"%s\"><title>%s</title></circle>\n",
                    escape(series.name()), p.day(), p.share(), fmt(x(p.day(), days)), fmt(y(p.share())), colour,
                    escape(series.name() + ", " + p.day() + ": " + DashboardText.percent(p.share()) + " ("
                            + p.detail() + ")")));
        }
    }

    private static void legend(StringBuilder svg, int row, String name) {
        double y = legendY(row);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%s\" x2=\"%d\" y2=\"%s\" stroke=\"%s\" "
                + "stroke-width=\"4\"%s/>\n", WIDTH - RIGHT + 15, fmt(y - 4), WIDTH - RIGHT + 29, fmt(y - 4),
                colour(row), dashes(row)));
        text(svg, WIDTH - RIGHT + 34, y, "start", DashboardText.oneLine(name, LEGEND_CHARS), name);
    }

    /** A text element; {@code full}, when given, is the whole text shown on hover where the label is cut. */
    private static void text(StringBuilder svg, double x, double y, String anchor, String text, String full) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%s\" y=\"%s\" text-anchor=\"%s\">%s%s</text>\n", fmt(x),
                fmt(y), anchor, escape(text), full == null ? "" : "<title>" + escape(full) + "</title>"));
    }

    private static String colour(int i) {
        return COLOURS.get(i % COLOURS.size());
    }

    /** Past the tenth series colours repeat, so a repeated colour is drawn dashed (then dotted) to tell it apart. */
    private static String dashes(int i) {
        return switch (i / COLOURS.size() % 3) {
            case 0 -> "";
            case 1 -> " stroke-dasharray=\"6 3\"";
            default -> " stroke-dasharray=\"2 2\"";
        };
    }

    private static int legendY(int row) {
        return TOP + 10 + row * 18;
    }

    private static double x(LocalDate day, TreeSet<LocalDate> days) {
        double span = WIDTH - RIGHT - LEFT - 40;
        long range = ChronoUnit.DAYS.between(days.first(), days.last());
        return range == 0 ? LEFT + 20 + span / 2 : LEFT + 20 + span * ChronoUnit.DAYS.between(days.first(), day) / range;
    }

    private static double y(double share) {
        return HEIGHT - BOTTOM - share * (HEIGHT - BOTTOM - TOP);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
