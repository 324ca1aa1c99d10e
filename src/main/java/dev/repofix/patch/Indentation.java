package dev.repofix.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Carries the file's indentation over to lines a patch adds, when the patch's old lines
 * were indented differently from the file's in one consistent way: spaces where the file
 * has tabs (a model's usual loss), tabs where it has spaces, or the whole block shifted
 * by the same prefix. Anything less consistent leaves the added lines as written.
 */
final class Indentation {
    private Indentation() {}

    /**
     * The conversion of added lines' indentation, learnt from {@code patchOld} (the
     * hunk's old lines) against {@code fileOld} (the file's lines they matched, same size).
     */
    static UnaryOperator<String> between(List<String> patchOld, List<String> fileOld) {
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < patchOld.size(); i++) {
            if (!patchOld.get(i).isBlank() && !fileOld.get(i).isBlank()) {
                pairs.add(new String[] {leading(patchOld.get(i)), leading(fileOld.get(i))});
            }
        }
        if (pairs.stream().allMatch(p -> p[0].equals(p[1]))) {
            return UnaryOperator.identity();
        }
        return unit(pairs, ' ', '\t').map(Indentation::spacesToTabs)
                .or(() -> unit(pairs, '\t', ' ').map(Indentation::tabsToSpaces))
                .or(() -> shift(pairs))
                .orElse(UnaryOperator.identity());
    }

    /**
     * How many {@code patchChar}s stand for one {@code fileChar}, when every pair is
     * indented with only those characters in that ratio (and at least one pair is indented).
     */
    private static Optional<Integer> unit(List<String[]> pairs, char patchChar, char fileChar) {
        int unit = 0;
        for (String[] p : pairs) {
            if (!only(p[0], patchChar) || !only(p[1], fileChar)) {
                return Optional.empty();
            }
            int fileWidth = p[1].length();
            int patchWidth = p[0].length();
            if (fileWidth == 0 || patchWidth == 0) {
                if (fileWidth != patchWidth) {
                    return Optional.empty();
                }
                continue;
            }
            int ratio = patchChar == ' ' ? patchWidth / fileWidth : fileWidth / patchWidth;
            int rest = patchChar == ' ' ? patchWidth % fileWidth : fileWidth % patchWidth;
            if (rest != 0 || ratio == 0 || unit != 0 && ratio != unit) {
                return Optional.empty();
            }
            unit = ratio;
        }
        return unit == 0 ? Optional.empty() : Optional.of(unit);
    }

    /** Every pair's file indentation is the patch's with one prefix added, or one removed. */
    private static Optional<UnaryOperator<String>> shift(List<String[]> pairs) {
        String[] first = pairs.get(0);
        if (first[1].endsWith(first[0])) {
            String extra = first[1].substring(0, first[1].length() - first[0].length());
            if (pairs.stream().allMatch(p -> p[1].equals(extra + p[0]))) {
                return Optional.of(line -> line.isBlank() ? line : extra + line);
            }
        } else if (first[0].endsWith(first[1])) {
            String surplus = first[0].substring(0, first[0].length() - first[1].length());
            if (pairs.stream().allMatch(p -> p[0].equals(surplus + p[1]))) {
                return Optional.of(line -> line.startsWith(surplus) ? line.substring(surplus.length()) : line);
            }
        }
        return Optional.empty();
    }

    private static UnaryOperator<String> spacesToTabs(int unit) {
        return line -> {
            String indent = leading(line);
            if (!only(indent, ' ')) {
                return line;
            }
            int n = indent.length();
            return "\t".repeat(n / unit) + " ".repeat(n % unit) + line.substring(n);
        };
    }

    private static UnaryOperator<String> tabsToSpaces(int unit) {
        return line -> {
            String indent = leading(line);
            if (!only(indent, '\t')) {
                return line;
            }
            return " ".repeat(indent.length() * unit) + line.substring(indent.length());
        };
    }

    static String leading(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }

    private static boolean only(String indent, char c) {
        return indent.chars().allMatch(ch -> ch == c);
    }
}
