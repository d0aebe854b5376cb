// Breadth-first search, Rodinia's two-kernel formulation. The graph is in
// ELL form: node v has degree[v] out-edges, edges[v*maxd .. v*maxd+degree[v]).
// The host resets `changed` to 0, runs both kernels and repeats while a
// kernel set it to 1. cost[v] ends as v's level from the start nodes (the
// initial frontier), -1 where unreached. Several frontier nodes may write
// cost[w] in the same pass; they all write the same level, so the result does
// not depend on their order.

// Expand the frontier: every unvisited neighbour of a frontier node gets the
// next level and joins `updating`.
__kernel void bfs_expand(__global const uint* degree, __global const uint* edges, __global uchar* frontier,
                         __global uchar* updating, __global const uchar* visited, __global int* cost, uint n,
                         uint maxd) {
  uint v = get_global_id(0);
  if (v >= n || !frontier[v]) return;
  frontier[v] = 0;
  for (uint e = 0; e < degree[v]; ++e) {
    uint w = edges[v * maxd + e];
    if (!visited[w]) {
      cost[w] = cost[v] + 1;
      updating[w] = 1;
    }
  }
}

// The nodes reached in this pass become the next frontier; any such node sets
// `changed`.
__kernel void bfs_update(__global uchar* frontier, __global uchar* updating, __global uchar* visited,
                         __global uint* changed, uint n) {
  uint v = get_global_id(0);
  if (v >= n || !updating[v]) return;
  frontier[v] = 1;
  visited[v] = 1;
  updating[v] = 0;
  *changed = 1;
}
