package syntax

import (
	"fmt"
	"strconv"
	"strings"
)

// Int reads a literal as a whole number.
func (n *NumberLit) Int() (int, error) {
	v, err := strconv.Atoi(n.Text)
	if err != nil {
		if strings.Contains(n.Text, ".") {
			return 0, fmt.Errorf("%s is not a whole number", n.Text)
		}
		return 0, fmt.Errorf("%s is too large", n.Text)
	}
	if n.Neg {
		v = -v
	}
	return v, nil
}

// Float reads a literal as a number.
func (n *NumberLit) Float() (float64, error) {
	v, err := strconv.ParseFloat(n.Text, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not a number", n.Text)
	}
	if n.Neg {
		v = -v
	}
	return v, nil
}
