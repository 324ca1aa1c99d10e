package dev.repofix.stage;

import java.util.List;

/** Stage 2 output: suspected lines, most suspicious first. Never null; may be empty. */
public record Localization(List<Location> locations) {
    public Localization {
        locations = List.copyOf(locations);
    }

    public List<Location> top(int n) {
        return locations.subList(0, Math.min(n, locations.size()));
    }
}
