// HOG2's generic IDAStar on MNPuzzle<4,4> (Manhattan distance): boards read from standard
// input, one per line, 16 numbers (the tile on each cell, 0 the blank, the goal 0 1 2 ... 15).
#include <cstdio>
#include <vector>
#include "MNPuzzle.h"
#include "IDAStar.h"

int main()
{
	MNPuzzle<4, 4> env;
	MNPuzzleState<4, 4> goal;
	int t[16];
	while (true) {
		for (int i = 0; i < 16; i++)
			if (scanf("%d", &t[i]) != 1)
				return 0;
		MNPuzzleState<4, 4> start;
		for (int i = 0; i < 16; i++) {
			start.puzzle[i] = t[i];
			if (t[i] == 0)
				start.blank = i;
		}
		IDAStar<MNPuzzleState<4, 4>, slideDir, false> ida;
		std::vector<slideDir> path;
		ida.GetPath(&env, start, goal, path);
		printf("moves %zu expanded %llu generated %llu\n", path.size(),
		       (unsigned long long)ida.GetNodesExpanded(), (unsigned long long)ida.GetNodesTouched());
	}
}
