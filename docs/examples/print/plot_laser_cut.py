"""
A laser cut, previewed
======================

``cut_paths`` gives what a laser cutter follows: every edge of the patch once (an edge
two tiles share is one cut), clipped at the region's sides and joined into long
polylines, then the region's rectangle. Each polyline is drawn here in its own colour;
``save_cut`` writes the same as SVG, PDF or DXF.
"""

import matplotlib.pyplot as plt

from tilewright.aperiodic import cut_paths, generate

patch = generate(30, 20, seed=3)
cut = cut_paths(patch, curved=True)
print(f"{len(cut)} polylines, {cut.length:.0f} tile edges to cut")

figure, ax = plt.subplots(figsize=(9, 6.2), layout="constrained")
colours = plt.get_cmap("tab10").colors
for number, points in enumerate(cut.polylines()):
    ax.plot(points[:, 0], points[:, 1], linewidth=1.2, color=colours[number % 10])
ax.set_aspect("equal")
ax.set_axis_off()

plt.show()
