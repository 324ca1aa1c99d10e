package dev.repofix.eval.score;

import java.util.List;
import java.util.Locale;

/**
 * The context-length sweep as a small SVG line chart: Pass and F1 (micro) by context budget,
 * budgets evenly spaced in increasing order, shares on a 0-1 axis. Written by hand (no
 * library): the chart is two polylines, one circle per point and their labels.
 */
final class SweepChart {
    private static final int WIDTH = 560;
    private static final int HEIGHT = 320;
    private static final int LEFT = 60;
    private static final int RIGHT = 120;
    private static final int TOP = 30;
    private static final int BOTTOM = 50;

    private SweepChart() {}

    /** @param sweep one aggregate per budget, its group being the budget, in increasing order; at least one */
    static String render(String title, List<Aggregate> sweep) {
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("<title>").append(escape(title)).append("</title>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        axes(svg, sweep);
        series(svg, sweep, "pass", "#1f77b4", sweep.stream().mapToDouble(a -> a.pass().share()).toArray(), 0);
        series(svg, sweep, "f1", "#d62728", sweep.stream().mapToDouble(Aggregate::microF1).toArray(), 1);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void axes(StringBuilder svg, List<Aggregate> sweep) {
        int bottom = HEIGHT - BOTTOM;
        line(svg, LEFT, TOP, LEFT, bottom);
        line(svg, LEFT, bottom, WIDTH - RIGHT, bottom);
        for (int i = 0; i <= 4; i++) {
            double v = i / 4.0;
            text(svg, LEFT - 8, y(v) + 4, "end", String.format(Locale.ROOT, "%.2f", v));
        }
        for (int i = 0; i < sweep.size(); i++) {
            text(svg, x(i, sweep.size()), bottom + 18, "middle", sweep.get(i).group());
        }
        text(svg, (LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 10, "middle", "context budget (tokens)");
    }

    private static void series(StringBuilder svg, List<Aggregate> sweep, String name, String colour, double[] values,
            int legendRow) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            points.append(i == 0 ? "" : " ").append(fmt(x(i, values.length))).append(',').append(fmt(y(values[i])));
        }
        svg.append(String.format(Locale.ROOT, "<polyline class=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                + "points=\"%s\"/>\n", name, colour, points));
        for (int i = 0; i < values.length; i++) {
            svg.append(String.format(Locale.ROOT, "<circle class=\"%s\" data-budget=\"%s\" data-value=\"%.4f\" "
                    + "cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"%s\"/>\n", name, escape(sweep.get(i).group()), values[i],
                    fmt(x(i, values.length)), fmt(y(values[i])), colour));
        }
        double ly = TOP + 10 + legendRow * 18;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%s\" width=\"12\" height=\"4\" fill=\"%s\"/>\n",
                WIDTH - RIGHT + 15, fmt(ly - 4), colour));
        text(svg, WIDTH - RIGHT + 32, ly, "start", name.equals("pass") ? "Pass" : "F1 (micro)");
    }

    private static double x(int i, int count) {
        double span = WIDTH - RIGHT - LEFT - 40;
        return count == 1 ? LEFT + 20 + span / 2 : LEFT + 20 + span * i / (count - 1);
    }

    private static double y(double share) {
        return HEIGHT - BOTTOM - share * (HEIGHT - BOTTOM - TOP);
    }

    private static void line(StringBuilder svg, double x1, double y1, double x2, double y2) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"black\"/>\n",
                fmt(x1), fmt(y1), fmt(x2), fmt(y2)));
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, String text) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%s\" y=\"%s\" text-anchor=\"%s\">%s</text>\n", fmt(x), fmt(y),
                anchor, escape(text)));
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
