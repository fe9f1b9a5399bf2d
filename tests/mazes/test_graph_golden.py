"""The seed contract on cell graphs, pinned: a seed's spanning tree of a CellGraph is the
same tree in every release.

``test_golden.py`` pins the square grid (and one hexagonal graph); this file pins every
graph algorithm on the polygon grids and a random graph of uneven degree, which kernels read
as neighbour tables, and on a graph with a hub, which they read as CSR arrays. A failing
case means the output of a seed changed: if that is intended, it is a decision for
CHANGELOG.md, and the table is rewritten from ``python -m tests.mazes.test_graph_golden``.
"""

import hashlib
import itertools

import numpy as np
import pytest

from tests.helpers import spanning_tree_of
from tilewright.core.graph import CellGraph
from tilewright.core.grids import hex_grid, polar_grid, triangle_grid, upsilon_grid
from tilewright.core.seeds import kernel_state
from tilewright.mazes import ALGORITHMS, spanning_tree
from tilewright.mazes.generation import _graph_kernel

SEEDS = {"0": 0, "7": 7, "max": 2**63 - 1}
# growing-tree strategies: each list mode (bag, lazy, ordered) and a mix
STRATEGIES = ["random", "newest", "oldest", "middle", "newest:75,random:25"]


def random_graph() -> CellGraph:
    """A connected graph of uneven degree: a random path through every cell plus chords."""
    rng = np.random.default_rng(20240611)
    n = 300
    order = rng.permutation(n)
    edges = {(min(a, b), max(a, b)) for a, b in itertools.pairwise(order.tolist())}
    while len(edges) < 3 * n:
        a, b = (int(x) for x in rng.integers(0, n, size=2))
        if a != b:
            edges.add((min(a, b), max(a, b)))
    pairs = np.array(sorted(edges), dtype=np.int64)
    return CellGraph.from_edges(n, pairs[rng.permutation(len(pairs))])


def hub_graph() -> CellGraph:
    """The random graph with one cell joined to a third of the others: padding every cell's
    neighbours to the hub's count would cost too much, so kernels read its CSR arrays."""
    graph = random_graph()
    hub = np.arange(1, graph.num_cells, 3)
    spokes = np.stack([np.zeros_like(hub), hub], axis=1)
    edges = np.concatenate([graph.endpoints, spokes]).astype(np.int64)
    keys = np.sort(edges, axis=1)
    _, first = np.unique(keys[:, 0] * graph.num_cells + keys[:, 1], return_index=True)
    return CellGraph.from_edges(graph.num_cells, edges[np.sort(first)])


GRAPHS = {
    "hex": lambda: hex_grid(23, 17).graph,
    "triangle": lambda: triangle_grid(20, 9).graph,
    "polar": lambda: polar_grid(6).graph,
    "upsilon": lambda: upsilon_grid(7, 5).graph,
    "random": random_graph,
    "hub": hub_graph,
}


def runs() -> list[tuple[str, str, dict]]:
    """Every (label, algorithm, parameters) pinned."""
    table = []
    for name, info in ALGORITHMS.items():
        if info.kind != "graph":
            continue
        if name == "growing-tree":
            table += [(f"{name} {s}", name, {"strategy": s}) for s in STRATEGIES]
        else:
            table.append((name, name, {}))
    return table


def digest(tree: np.ndarray) -> str:
    """The first 128 bits of the SHA-256 of the packed tree and its length."""
    data = np.packbits(tree).tobytes() + str(tree.shape).encode()
    return hashlib.sha256(data).hexdigest()[:32]


def compute() -> dict[str, str]:
    """Every case's digest, by ``GRAPH ALGORITHM [STRATEGY] seed=SEED``."""
    hashes = {}
    for graph_name, build in GRAPHS.items():
        graph = build()
        for label, name, params in runs():
            for seed_name, seed in SEEDS.items():
                tree = spanning_tree(graph, name, seed=seed, **params)
                hashes[f"{graph_name} {label} seed={seed_name}"] = digest(tree)
    return hashes


# Computed from the code before the CSR paths of the kernels were optimised:
# ``DIGEST  CASE`` a line (hex 23x17, triangle 20x9, polar 6 rings, upsilon 7x5).
PINNED = """
a61141e707342654b5121f282975f0a9 hex backtracker seed=0
f16f4ffca389d5dcde9badc0f5d95621 hex backtracker seed=7
f644ee8c90f2dd7067494f8854ccb5a5 hex backtracker seed=max
9612aa27a10fc14809cced3286e712d4 hex growing-tree random seed=0
f8f8bd96e016a448725ec4351e77e6df hex growing-tree random seed=7
77dba600a0917e2eb6052af73f6f69b3 hex growing-tree random seed=max
a61141e707342654b5121f282975f0a9 hex growing-tree newest seed=0
f16f4ffca389d5dcde9badc0f5d95621 hex growing-tree newest seed=7
f644ee8c90f2dd7067494f8854ccb5a5 hex growing-tree newest seed=max
e10f49bb30150ab67b4b9112a073190a hex growing-tree oldest seed=0
6ba485c2f9884cd65da687c28fbe234d hex growing-tree oldest seed=7
65dfeb362e5a7995d8ad624933fa575b hex growing-tree oldest seed=max
3659219bf6a286143636c9db02a0b1fe hex growing-tree middle seed=0
59021145c8116a3bb7f8430b729fa5b7 hex growing-tree middle seed=7
7d797303fdbd22c625104d69326b12e2 hex growing-tree middle seed=max
495171392b3ff98be6c86025eeb22d87 hex growing-tree newest:75,random:25 seed=0
750f0e3940aee06df9bc3e0f9677a0a7 hex growing-tree newest:75,random:25 seed=7
4034356be50f3bd01a68b714565496ce hex growing-tree newest:75,random:25 seed=max
626151d4ca75a1317bc58b1587519ad5 hex kruskal seed=0
f68ee441ed751cb60960062e7acf4705 hex kruskal seed=7
d72c5095794e158dba9a962e01a8aadf hex kruskal seed=max
f63d3170bf41c70f39bbe82435d6d3c5 hex prim seed=0
71eb89af2dc406c1c3c2c9a809ff4144 hex prim seed=7
b813f5dab8d711004abbf1e7c7a3ae40 hex prim seed=max
97210e57ea945b49f0811f39d3ec33ac hex prim-simple seed=0
7dd5d0ebaf0d0dd0e2b8721827a0ff72 hex prim-simple seed=7
7ad0bc54a80712b13334bb2da89f02cb hex prim-simple seed=max
7f57dbc379a4a641fc706fdcbea6465c hex aldous-broder seed=0
f53e6a0ca1d7205d4d0d2b29a94b9dfd hex aldous-broder seed=7
90c6072b7894d65b044fa421ed6a7d7d hex aldous-broder seed=max
7b937dea40030b92c4ddc5b215142fbc hex wilson seed=0
ac72971326d24b42215233d8d1697f87 hex wilson seed=7
8abc29a21c3d40290869e9011df4cb4d hex wilson seed=max
034f0e62cee0df7435fdd73919e7b970 hex hunt-and-kill seed=0
3223846a0d9ce52f13664d5ed025a248 hex hunt-and-kill seed=7
675f40c055dd71c9c888d091aa941d0d hex hunt-and-kill seed=max
cf50066c23ea7ee08a0e2bd1ebec2dfc triangle backtracker seed=0
655b56b69d785a2a4ba15f600017bdbf triangle backtracker seed=7
a8824f0fc285c024866a062e573995ba triangle backtracker seed=max
9c6316ff41564a746e555ea51175acf0 triangle growing-tree random seed=0
26d960d651b4bea5576c38bb2ad01893 triangle growing-tree random seed=7
c13ff39210cb80a74498ab846918eb47 triangle growing-tree random seed=max
cf50066c23ea7ee08a0e2bd1ebec2dfc triangle growing-tree newest seed=0
655b56b69d785a2a4ba15f600017bdbf triangle growing-tree newest seed=7
a8824f0fc285c024866a062e573995ba triangle growing-tree newest seed=max
08b38955cb40c32cda0466e5970016c2 triangle growing-tree oldest seed=0
0efcca018d9386839606f0ade4c62eac triangle growing-tree oldest seed=7
2659b08ff06132cc1be772c4f99ccb6f triangle growing-tree oldest seed=max
ba5c4ad2db940be3089b8b892bdaae25 triangle growing-tree middle seed=0
78ab7a532880fe7ec5eb8c5099d69692 triangle growing-tree middle seed=7
2659b08ff06132cc1be772c4f99ccb6f triangle growing-tree middle seed=max
73825a55ab5b4dcc5960d0e965b778da triangle growing-tree newest:75,random:25 seed=0
d83180cfe0aaf779419d022e12caf249 triangle growing-tree newest:75,random:25 seed=7
86c2ec7961de21d65d123106aa857a2e triangle growing-tree newest:75,random:25 seed=max
cbfb27f811e42bc42a114b919dde3bd2 triangle kruskal seed=0
8d05a20f289f8c883ea6bb82041f8dfd triangle kruskal seed=7
283bd8d1bd4ad10818047fef9a5daeae triangle kruskal seed=max
3fd85b83d2e7515d4fe17629930e4f82 triangle prim seed=0
c8ffb63a2c0186d80ad35a3561860b30 triangle prim seed=7
070abba525727fc150c0b1499ac5a34c triangle prim seed=max
02a09332c6596fa12baf0f50c353e074 triangle prim-simple seed=0
1021afa1317d1fc2560cdc376f209203 triangle prim-simple seed=7
2dbbfeed9bd41e3b9e1e6310455bc54f triangle prim-simple seed=max
b1a0af99d56c0517627832b1dfe72685 triangle aldous-broder seed=0
cbf89a95fd1f279ae1c603daed7461de triangle aldous-broder seed=7
c84982cc3e18096d606e1fbbda2348ff triangle aldous-broder seed=max
6f53e3cf50c2b7ebab132f82a795a12c triangle wilson seed=0
e6ed20752dc77f7bf214e079b9025152 triangle wilson seed=7
60f6a7518b6b2d895a2d97764a338070 triangle wilson seed=max
b3d9f89fb3eeaca6d3c0ad3ca0066d6d triangle hunt-and-kill seed=0
926f0650fcf07acc15759e687b921ae9 triangle hunt-and-kill seed=7
33250117f956075e706c6757f41c5bc7 triangle hunt-and-kill seed=max
c73bb2f6d78914ff37b80518a7ac33e6 polar backtracker seed=0
ed07e3329b870dc07923b9e78d61e1ff polar backtracker seed=7
05c3c89564b16561c0ff614bfb352cad polar backtracker seed=max
b96eea2363c44a6da93b6f86135a83c9 polar growing-tree random seed=0
8a8bca628ab076682e95a724dbc4cc8a polar growing-tree random seed=7
f6d93d7b43cfb3e422a20e605610f452 polar growing-tree random seed=max
c73bb2f6d78914ff37b80518a7ac33e6 polar growing-tree newest seed=0
ed07e3329b870dc07923b9e78d61e1ff polar growing-tree newest seed=7
05c3c89564b16561c0ff614bfb352cad polar growing-tree newest seed=max
f1c326cff114061a39fa3f3eed3e0c37 polar growing-tree oldest seed=0
f9e9171a3e65eb844d093ba3463caeba polar growing-tree oldest seed=7
2f46f24a16a96f308b9210294b99517e polar growing-tree oldest seed=max
e6c1db823af49ca6ad49ee799b5a07e0 polar growing-tree middle seed=0
dfc117007451e45fa4b78c439270d4a6 polar growing-tree middle seed=7
205cc4fc23d0903433888ee9d53326be polar growing-tree middle seed=max
5b6f4b9912b002f5b7ce3950807d0da3 polar growing-tree newest:75,random:25 seed=0
495199e1a3b8a6962aaf80bb02ed505f polar growing-tree newest:75,random:25 seed=7
afa057611e76128cde694130073bf157 polar growing-tree newest:75,random:25 seed=max
d9ff864764cabab2ff79c09b5c3b749f polar kruskal seed=0
4096dee769d0362660bf6980c2ca7bb3 polar kruskal seed=7
ceb414065d27f98e463fb1bec8406321 polar kruskal seed=max
1e166ada29068caa06209dec73d1b0f9 polar prim seed=0
8a41e33b1eefe7430ea36e881b083b3e polar prim seed=7
82f477f3adf3587b2ea51bb4981ba754 polar prim seed=max
36bcc348e511c0dd1556be9fab6b54a7 polar prim-simple seed=0
92e14a5d987dcedc69e08ded02b11dc1 polar prim-simple seed=7
3ef27df8d0821ee9afc65a5f855a0dcf polar prim-simple seed=max
05b388fa62a6c4d123d64b15505f2a02 polar aldous-broder seed=0
d7608324d63e188955e3fd8d15c47f74 polar aldous-broder seed=7
70d8890cc2be88894c872efe524cca39 polar aldous-broder seed=max
37e378311713296924909f87a754e317 polar wilson seed=0
0894f9347de48275ff5100225222efdc polar wilson seed=7
287d9519e156b92540241762bbd3283e polar wilson seed=max
ba3efdc2cf70e5247a72d697dc71a8e5 polar hunt-and-kill seed=0
d69b6363d623917f81d50dfff6f98875 polar hunt-and-kill seed=7
8a56da30896b4a6bd513e922b5c68d5e polar hunt-and-kill seed=max
5d10eac493fbeea8ad3c5b35d3d82279 upsilon backtracker seed=0
b7d136096098ab52115bd0787bb70d87 upsilon backtracker seed=7
32ead2f5b3e50195db31df5e2218c522 upsilon backtracker seed=max
96c3637f85621b1a6689d7ee15975c06 upsilon growing-tree random seed=0
b65ca8c213b2b0f0980b76819e5b65b1 upsilon growing-tree random seed=7
f2e6e21be762f8df23ca4bfdcedbc631 upsilon growing-tree random seed=max
5d10eac493fbeea8ad3c5b35d3d82279 upsilon growing-tree newest seed=0
b7d136096098ab52115bd0787bb70d87 upsilon growing-tree newest seed=7
32ead2f5b3e50195db31df5e2218c522 upsilon growing-tree newest seed=max
86836c146e96c5aefc35788592aca64c upsilon growing-tree oldest seed=0
b5237c3593b24f53b14edc267e28cfce upsilon growing-tree oldest seed=7
e1a8a08234919287dd356833d7178e9f upsilon growing-tree oldest seed=max
f26541434f92154f5614e86cc9c4241f upsilon growing-tree middle seed=0
478bc2c7abfafe4ea3eebbd6b932cf7e upsilon growing-tree middle seed=7
db337f68e92557b2a985929c69aca0f2 upsilon growing-tree middle seed=max
4ee455e457162ffa69fcd60762ef1d5a upsilon growing-tree newest:75,random:25 seed=0
072e89b9b190b015a56bf9c19506023d upsilon growing-tree newest:75,random:25 seed=7
8412efa826bd4cf1b595f4733070ec8f upsilon growing-tree newest:75,random:25 seed=max
150a27daa2fe1ed3fb4ef254e2b1247f upsilon kruskal seed=0
f3e2ff92da39377971de6befb4ce4242 upsilon kruskal seed=7
60cd07dbfe6cc15953082083ce4dabd6 upsilon kruskal seed=max
3c6592cceb4cbb6dbc8aa42d0ac12050 upsilon prim seed=0
d48ead6cb78dc21e6ab718aac3b44de0 upsilon prim seed=7
bac6614c80144cceccfe63cef85a4f67 upsilon prim seed=max
2d4b6626f19c809207f9189c3e7bedb1 upsilon prim-simple seed=0
546f7058d0856019556b73fa14e1d622 upsilon prim-simple seed=7
f79575402c7119003fb5f48d84f420f5 upsilon prim-simple seed=max
bd4b0dcac7b0459e1f787c2178b8f5f6 upsilon aldous-broder seed=0
421fb0a00ed4a2e3ebd7ecc23e68cf0f upsilon aldous-broder seed=7
525a611deeb7cfecf4bd87f4b546c698 upsilon aldous-broder seed=max
6d7e03a35c4d00c65f88013bd347cb10 upsilon wilson seed=0
df89d5c390769508c2dcf924f759829a upsilon wilson seed=7
a68399b6114b0f62b846a4fb61da566b upsilon wilson seed=max
e25bcc8df9e5466ecb440a1060aa0030 upsilon hunt-and-kill seed=0
5c7650cc3984f8fc3bd2cab145e73536 upsilon hunt-and-kill seed=7
10abcfae7139fef9555e381767155586 upsilon hunt-and-kill seed=max
006d4c01be1d4ce1325d5a2481da46a6 random backtracker seed=0
e89723c4a6280135c537b469d6e05972 random backtracker seed=7
be9c546b971201c61ceaf76d28558179 random backtracker seed=max
1cda6a6fced36d83e06ecb53bdf84871 random growing-tree random seed=0
693850de6aca6c1d81642b937b1ea1bb random growing-tree random seed=7
ba5354e00088626242995f26296733c0 random growing-tree random seed=max
006d4c01be1d4ce1325d5a2481da46a6 random growing-tree newest seed=0
e89723c4a6280135c537b469d6e05972 random growing-tree newest seed=7
be9c546b971201c61ceaf76d28558179 random growing-tree newest seed=max
f69694cb550553d3c2f1cf51b5e2f9e1 random growing-tree oldest seed=0
ad362dee0dd21370bf9496fcfcf4ac82 random growing-tree oldest seed=7
63a41235a28f746e5dd5c2089108f93f random growing-tree oldest seed=max
709d27984a9ae304af7e899027e24236 random growing-tree middle seed=0
3b8846b601152fc92584cee7850a6b03 random growing-tree middle seed=7
9722f27ab84e16b1f8b465b49bbf7f5f random growing-tree middle seed=max
a35dc40d1cc5f478b28923ba95332df9 random growing-tree newest:75,random:25 seed=0
1cb6a8296260d93eb5677f5ea4ac71da random growing-tree newest:75,random:25 seed=7
6668a92bb93c3effec616914bd5b0bee random growing-tree newest:75,random:25 seed=max
5f13ea12595abc9b661fe9acf3388b92 random kruskal seed=0
b9c308c49c62077ad2dbb7a1ff2482e4 random kruskal seed=7
2fe87788d9440c26bb51a0ee6c0292aa random kruskal seed=max
1973a79227f29f1760398398df20e0b7 random prim seed=0
03b3236d102c9044a87d7e7f38cbee6f random prim seed=7
2ae2eabe142b09d5ecc1bc797fc684be random prim seed=max
159f249f59dcab5460986149675f150d random prim-simple seed=0
a7a632c4da04d1f3af4c7285628487e6 random prim-simple seed=7
947dc210a585bb6e41552f57d0a341a1 random prim-simple seed=max
aebce0a8f1fc1a1617d5ba67809d6e89 random aldous-broder seed=0
2093fd7b6757c2578fd2f0f657896409 random aldous-broder seed=7
43d49e2bd7d04a46523081490600e421 random aldous-broder seed=max
2ed967c9d911cb54398a7c7bd40d060c random wilson seed=0
6800a7908fb3cb73629f592e3fa815e3 random wilson seed=7
cd80ffee1e0ae879c4d83396743c277e random wilson seed=max
aa3baac1094de08dfac20e40ab35bcf8 random hunt-and-kill seed=0
e0a141f9494778c7eaf853c8c0147f58 random hunt-and-kill seed=7
e5f12550d810b66f42ca96c2286517e5 random hunt-and-kill seed=max
507e4d422fc17d68befdfa4b85ba2ab7 hub backtracker seed=0
2e7662d55c7a463e8f624a8e01a56986 hub backtracker seed=7
d057a3ff992e25bf4365fb7b6de9f192 hub backtracker seed=max
7ff300883c5df7ff1feccc9109d21325 hub growing-tree random seed=0
3fee33a1aa0388e209ef736b2f2bcef8 hub growing-tree random seed=7
42d21dfc0067007036ffa7cffc06f815 hub growing-tree random seed=max
507e4d422fc17d68befdfa4b85ba2ab7 hub growing-tree newest seed=0
2e7662d55c7a463e8f624a8e01a56986 hub growing-tree newest seed=7
d057a3ff992e25bf4365fb7b6de9f192 hub growing-tree newest seed=max
f959f81ed81a056ccc6031e3d0ea4864 hub growing-tree oldest seed=0
509fc6fcaaa59187e7fccb281eb2528b hub growing-tree oldest seed=7
ccf0ab241318f0ed99a3061d1cd6aa48 hub growing-tree oldest seed=max
f1b94456b177778f90d3901a377bff5a hub growing-tree middle seed=0
a9b47193c63f28a0d2b101c61ac9103b hub growing-tree middle seed=7
4bf4599c90f52d0676704d26ff0d1132 hub growing-tree middle seed=max
ce7b7ab4e909fee9f3be4f519f674215 hub growing-tree newest:75,random:25 seed=0
f2888073ac81c90780a08c5fc4a1cabf hub growing-tree newest:75,random:25 seed=7
11e88a353ab967ae7b8094cd3b07fb13 hub growing-tree newest:75,random:25 seed=max
b2108ea3689e454704329ea7c488faa6 hub kruskal seed=0
e08396233bddc454176699beb38b2936 hub kruskal seed=7
65e8e2840411464fe15ed2dacbc800a4 hub kruskal seed=max
049851976be1fd409814ac5fbc24891a hub prim seed=0
2b8afd8787a043bdf691b227b0eaddb0 hub prim seed=7
ee2b8836c9c092f83e188e2b45c9617c hub prim seed=max
27aea777e24d83d04b7d50c3d42d382a hub prim-simple seed=0
4578144c30482bbfaa0e1290ec4a46ae hub prim-simple seed=7
dcbd9006d6300c5a759a789ee6e10d1a hub prim-simple seed=max
8b49a2a6467eb37f3c87d5d5cb0ca1be hub aldous-broder seed=0
fc2f72b978704061a46c72b678cfa825 hub aldous-broder seed=7
91da564a9fcb334e388070b2f4091772 hub aldous-broder seed=max
870d15de26f12961e300cadb4f95d2a8 hub wilson seed=0
f42200907c4454dc078303614de7e0b1 hub wilson seed=7
d5ee7f3a4d30dc419f188bed2388de8d hub wilson seed=max
a8d48a263948368451855f6de411f9dd hub hunt-and-kill seed=0
d2e766994c7700ac6b562d26cacc55aa hub hunt-and-kill seed=7
8f8f425478d67a0d41439747d2ee73a2 hub hunt-and-kill seed=max
"""
GOLDEN = dict(line.split(" ", 1)[::-1] for line in PINNED.strip().splitlines())


@pytest.fixture(scope="module")
def hashes() -> dict[str, str]:
    return compute()


def test_every_case_is_pinned(hashes):
    assert sorted(hashes) == sorted(GOLDEN)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_spanning_tree_of_a_seed_is_unchanged(hashes, case):
    assert hashes[case] == GOLDEN[case], f"the spanning tree of {case!r} changed"


def test_trees_are_spanning():
    """Beside the hashes: every pinned run gives a spanning tree (checked by a plain
    search written apart from the library)."""
    for build in GRAPHS.values():
        graph = build()
        for _, name, params in runs():
            tree = spanning_tree(graph, name, seed=3, **params)
            assert tree.dtype == np.bool_ and tree.shape == (graph.num_slots,)
            assert spanning_tree_of(graph.num_cells, graph.endpoints[tree])


def test_the_pinned_graphs_take_both_kernel_forms():
    """The hashes cover both ways kernels read a CellGraph: a table for the polygon grids,
    CSR for the hub graph (its padding to the largest degree would cost too much)."""
    for name, build in GRAPHS.items():
        form = build().kernel_graph()
        assert form[1].ndim == (1 if name == "hub" else 2), name


def csr_forms(graph: CellGraph) -> dict[str, tuple]:
    """The graph's CSR arrays as kernels could take them: as they are, and non-contiguous
    (every other element of a longer array, a Fortran-ordered edge list), which the kernels
    read by index instead of by pointer."""

    def spaced(array: np.ndarray) -> np.ndarray:
        wide = np.zeros(2 * len(array), dtype=array.dtype)
        wide[::2] = array
        return wide[::2]

    strided = (
        spaced(graph.indptr),
        spaced(graph.indices),
        spaced(graph.slots),
        np.asfortranarray(graph.endpoints),
    )
    assert not strided[1].flags.c_contiguous and not strided[3].flags.c_contiguous
    return {"csr": (graph.indptr, graph.indices, graph.slots, graph.endpoints), "strided": strided}


# One algorithm of each kind of walk for strided arrays: each compiles again for them
# (seconds apiece), and the fallback is one accessor module whichever kernel calls it.
STRIDED_ALGORITHMS = ("backtracker", "kruskal", "wilson", "prim")


@pytest.mark.parametrize("label, name, params", runs())
def test_every_kernel_form_gives_the_same_trees(label, name, params):
    graph = GRAPHS["hex"]()
    table = graph.kernel_graph()
    assert table[1].ndim == 2
    kernel = _graph_kernel(name, params)
    for form_name, form in csr_forms(graph).items():
        if form_name == "strided" and name not in STRIDED_ALGORITHMS:
            continue
        for seed in SEEDS.values():
            assert np.array_equal(
                kernel(form, kernel_state(seed)), kernel(table, kernel_state(seed))
            ), (label, form_name, seed)


if __name__ == "__main__":  # print the table (rewriting it is a decision: see the docstring)
    for case, value in compute().items():
        print(f"{value} {case}")
