module gaslamp

go 1.26.8
